'use server';

import { createUser } from '@/lib/platform/backend/auth';
import { accountCreationOutcome } from '@/lib/platform/backend/error-catalogue';
import { clearCookie } from '@/lib/platform/cookies';
import { readSignUp } from '@/lib/flows/email-sign-in/sign-up';
import { startWaitingForLink } from '@/lib/flows/email-sign-in/wait';
import { formField, formLanguage } from '@/lib/platform/request/form-fields';
import { redirectToPage } from '@/lib/platform/request/page-redirect';
import { errorText } from '@/lib/platform/backend/error-text';
import { requestContext } from '@/lib/platform/request/context';
import { isValidDisplayName } from '@/lib/vocabulary/validation';

/** `message` is the error, translated here: the island holds no dictionary of errors. */
export type SignUpFormState = { status: 'idle'; name: string } | { status: 'error'; name: string; message: string };


/** The name entry of a new user: creates the account, and a sign-in link is on its way. */
export async function createAccount(_previous: SignUpFormState, form: FormData): Promise<SignUpFormState> {
  const locale = formLanguage(form);
  const name = formField(form, 'name');
  if (name.trim() === '') return { status: 'error', name, message: await errorText(locale, 'nameRequired') };
  if (!isValidDisplayName(name)) return { status: 'error', name, message: await errorText(locale, 'nameRejected') };

  const { host, received, cookies } = await requestContext();
  const signUp = await readSignUp(received);
  if (!signUp) return await redirectToPage({ pathname: '/', query: { error: 'sign-up-expired' } }, locale);

  const result = await createUser({ email: signUp.email, displayName: name.trim() }, signUp.autoAddToken, signUp.deviceId);
  if (result.ok) {
    clearCookie(cookies, 'signUp', host);
    await startWaitingForLink(cookies, host, { uuid: result.value.uuid, email: signUp.email, fromSignUp: true, deviceId: signUp.deviceId }, locale);
    return await redirectToPage('/mail-sent', locale);
  }

  const outcome = accountCreationOutcome(result.failure);
  if (outcome.show === 'userLimitPage') {
    clearCookie(cookies, 'signUp', host);
    return await redirectToPage('/user-limit', locale);
  }
  return { status: 'error', name, message: await errorText(locale, outcome.message) };
}
