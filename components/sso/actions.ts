'use server';

import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { redirectToPage } from '@/lib/platform/request/page-redirect';
import { clearCookie } from '@/lib/platform/cookies';
import { loginOrigin } from '@/lib/platform/hosts';
import { appRedirectOf, readSsoOrganisations, writeSsoOrganisationChosen } from '@/lib/flows/sso/flow-state';
import { formField, formLanguage } from '@/lib/platform/request/form-fields';
import { requestContext } from '@/lib/platform/request/context';
import { countSignInFailure } from '@/lib/platform/observability/metrics';
import { countSignInStepOnce } from '@/lib/platform/sign-in-funnel';
import { handOffOrganisation } from '@/lib/flows/sso/sign-in';
import { openAppOfHandOff, openAppPagePath, readAppOpened } from '@/lib/flows/sso/app-hand-off';
import { isMobileRequest } from '@/lib/platform/request/user-agent';

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
    { ...chosen, appRedirect: appRedirectOf(offered), account: offered.account, provider: offered.provider, language: locale, deviceId: offered.deviceId, startedAt: offered.startedAt },
    context,
    isMobileRequest(await headers()),
  );
  await countSignInStepOnce(offered.provider, 'picker_chosen', offered.deviceId);
  await writeSsoOrganisationChosen(context.cookies, context.host, { provider: offered.provider });
  // The open-the-app page is one of ours: absolute, or Next would put the base path in front again.
  redirect(location.startsWith('/') ? `${loginOrigin(context.host)}${location}` : location);
}

/**
 * The picker's back button: forget the list, back to the login as cancelled. Leaving is a choice
 * too, so the list is replaced by the same finished mark as after an organisation: the browser's
 * Back to the picker then shows the login page calmly, not "took too long or was interrupted".
 */
export async function leavePicker(form: FormData): Promise<void> {
  const locale = formLanguage(form);
  const { host, cookies, received } = await requestContext();
  const offered = await readSsoOrganisations(received);
  clearCookie(cookies, 'ssoOrganisations', host);
  if (offered) {
    countSignInFailure(offered.provider, 'cancelled');
    await writeSsoOrganisationChosen(cookies, host, { provider: offered.provider });
  }
  await redirectToPage({ pathname: '/', query: { error: 'user-close' } }, locale);
}

/** "Cancel" on the page that asks before opening an app: the sign-in is forgotten, no app receives it. */
export async function leaveAppHandOff(form: FormData): Promise<void> {
  const locale = formLanguage(form);
  const { host, cookies } = await requestContext();
  clearCookie(cookies, 'ssoAppHandOff', host);
  await redirectToPage({ pathname: '/', query: { error: 'user-close' } }, locale);
}

/**
 * "Open the app" on the page that asks first (and its 2 s timer for a claimed address on a phone):
 * the app receives its one code now, once; a second post finds nothing to open and shows the page
 * saying the sign-in went to the app, or the login page when there was none.
 */
export async function openApp(form: FormData): Promise<void> {
  const locale = formLanguage(form);
  const context = await requestContext();
  const location = await openAppOfHandOff(context);
  if (location) redirect(location);
  const opened = await readAppOpened(context.received);
  if (!opened) return await redirectToPage('/', locale);
  redirect(`${loginOrigin(context.host)}${openAppPagePath(opened.provider, locale)}`);
}
