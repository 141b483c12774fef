'use server';

import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { redirectToPage } from '@/lib/request/page-redirect';
import { clearCookie } from '@/lib/cookies';
import { appRedirectOf, readSsoOrganisations, writeSsoOrganisationChosen } from '@/lib/sso/flow-state';
import { formField, formLanguage } from '@/lib/request/form-fields';
import { requestContext } from '@/lib/request/context';
import { handOffOrganisation } from '@/lib/sso/sign-in';
import { isMobileRequest } from '@/lib/request/user-agent';

/** The picker's choice, the button's `organisation`: hands off to it (never one that was not offered). */
export async function chooseOrganisation(form: FormData): Promise<void> {
  const locale = formLanguage(form);
  const subDomain = formField(form, 'organisation');
  const context = await requestContext();
  const offered = await readSsoOrganisations(context.received);
  const chosen = offered?.organisations.find((organisation) => organisation.subDomain === subDomain);
  clearCookie(context.cookies, 'ssoOrganisations', context.host);
  if (!offered || !chosen) return await redirectToPage({ pathname: '/', query: { error: 'sso-start-again' } }, locale);

  const location = await handOffOrganisation(
    { ...chosen, appRedirect: appRedirectOf(offered), provider: offered.provider, language: locale, deviceId: offered.deviceId },
    context,
    isMobileRequest(await headers()),
  );
  await writeSsoOrganisationChosen(context.cookies, context.host, { provider: offered.provider });
  redirect(location);
}

/**
 * The picker's back button: forget the list, back to the login as cancelled. Leaving is a choice
 * too, so the list is replaced by the same finished mark as after an organisation: the browser's
 * Back to the picker then shows the login page calmly, not "took too long or was interrupted".
 */
export async function leavePicker(form: FormData): Promise<void> {
  const locale = formLanguage(form);
  const { host, received, cookies } = await requestContext();
  const offered = await readSsoOrganisations(received);
  clearCookie(cookies, 'ssoOrganisations', host);
  if (offered) await writeSsoOrganisationChosen(cookies, host, { provider: offered.provider });
  await redirectToPage({ pathname: '/', query: { error: 'user-close' } }, locale);
}
