import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { clearCookie, readCookie, sealedCookie, writeAccessToken, writePlainCookie, type CookieWriter, type ReceivedCookies } from '@/lib/cookies';
import { organisationUrl, type RequestHost } from '@/lib/hosts';
import type { SignInDurationMethod } from '@/lib/metrics';
import { receivedCookies } from '@/lib/request/context';
import { digests } from '@/lib/sealed';
import { countSignInStepOnce, observeSignInDurationOnce } from '@/lib/sign-in-funnel';
import type { SignInMethod } from '@/lib/sign-in-method';

/**
 * The hand-off to an organisation (docs/decisions.md, The hand-off and its cookies): every sign-in
 * that succeeds, by link, poll, single sign-on or a known device's arrival, ends here.
 */

const lastLoginState = z.object({ subDomain: z.string(), authToken: z.string() });
export type LastLogin = z.infer<typeof lastLoginState>;
const lastLoginCookie = sealedCookie('lastLogin', 'last-login', lastLoginState);

/** The organisation this browser signed in to last, with its token: what a later arrival offers to resume. */
export function readLastLogin(received: ReceivedCookies): Promise<LastLogin | undefined> {
  return lastLoginCookie.read(received);
}

export type OrganisationSignIn = { subDomain: string; authToken: string; email?: string; deviceId?: string; method?: SignInMethod };

/**
 * Writes what the organisation's web app and a later arrival at the login need to know about
 * this sign-in, and by which method it was made (none when an arrival signed a known device in again).
 */
export async function writeOrganisationSignIn(writer: CookieWriter, host: RequestHost, signIn: OrganisationSignIn): Promise<void> {
  await lastLoginCookie.write(writer, host, { subDomain: signIn.subDomain, authToken: signIn.authToken });
  clearCookie(writer, 'legacyLastLogin', host);
  writePlainCookie(writer, 'subDomain', host, signIn.subDomain);
  writeAccessToken(writer, host, signIn.subDomain, signIn.authToken);
  if (signIn.email) writePlainCookie(writer, 'currentUser', host, signIn.email);
  // The device id this sign-in was made with: a later arrival is recognised by it, in this browser only.
  if (signIn.deviceId) {
    writePlainCookie(writer, 'deviceId', host, signIn.deviceId);
    writePlainCookie(writer, 'deviceBinding', host, deviceBindingsOf(signIn.deviceId)[0]!);
  }
  if (signIn.method) writePlainCookie(writer, 'lastSignInMethod', host, signIn.method);
}

function deviceBindingsOf(deviceId: string): string[] {
  return digests('device-binding', deviceId).map((digest) => digest.toString('base64url'));
}

export type EarnedDeviceId = { deviceId: string; refused?: undefined } | { deviceId: undefined; refused?: 'unbound' | 'mismatch' };

/**
 * The device id this browser earned. `loginUUID` lives on the parent domain, where any sibling
 * host can replace it, so it counts only beside the host-only binding this app wrote with it at
 * a completed hand-off; a link request alone earns nothing.
 */
export function earnedDeviceId(received: ReceivedCookies): EarnedDeviceId {
  const deviceId = readCookie(received, 'deviceId');
  if (!deviceId) return { deviceId: undefined };
  const binding = Buffer.from(readCookie(received, 'deviceBinding') ?? '');
  if (binding.length === 0) return { deviceId: undefined, refused: 'unbound' };
  const matches = deviceBindingsOf(deviceId).some((expected) => {
    const wanted = Buffer.from(expected);
    return wanted.length === binding.length && timingSafeEqual(wanted, binding);
  });
  return matches ? { deviceId } : { deviceId: undefined, refused: 'mismatch' };
}

/** Signed out in the web app (`?from=web`): the next person at this browser starts from the login page. */
export function forgetThisBrowser(writer: CookieWriter, host: RequestHost): void {
  for (const cookie of ['lastLogin', 'legacyLastLogin', 'deviceId', 'deviceBinding'] as const) clearCookie(writer, cookie, host);
}

/**
 * When an e-mail sign-in began, and how it ends, from the wait sealed in the browser that asked:
 * its link confirmed there, or the code typed there after the link was confirmed elsewhere. A
 * browser that only opened the link holds no wait, and does not end the person's attempt.
 */
async function emailSignInStart(attempt: string): Promise<{ method: SignInDurationMethod; startedAt: number } | undefined> {
  // Imported here: lib/email-sign-in.ts hands off through this module, and the proxy, which
  // imports this module to forget a browser, needs none of the e-mail sign-in.
  const { readEmailSignIn } = await import('@/lib/email-sign-in');
  const waiting = await readEmailSignIn(await receivedCookies());
  if (waiting?.uuid !== attempt) return undefined;
  return { method: waiting.confirmedElsewhere ? 'email_code' : 'email_link', startedAt: waiting.sentAt };
}

/**
 * The hand-off itself: the cookies written, and the organisation's address for the browser to go
 * to. `attempt` names the sign-in it ends (lib/sign-in-funnel.ts): handed off is counted once for
 * it, however many tabs or browsers it is handed to, and so is its time from `startedAt` (a
 * single sign-on's start; an e-mail sign-in's comes from its wait).
 */
export async function handOffToOrganisation(
  writer: CookieWriter,
  host: RequestHost,
  signIn: OrganisationSignIn & { method: SignInMethod; attempt: string; startedAt?: number },
): Promise<string> {
  await writeOrganisationSignIn(writer, host, signIn);
  await countSignInStepOnce(signIn.method, 'handed_off', signIn.attempt);
  const start = signIn.method === 'email' ? await emailSignInStart(signIn.attempt) : signIn.startedAt === undefined ? undefined : { method: signIn.method, startedAt: signIn.startedAt };
  if (start) await observeSignInDurationOnce(start.method, signIn.attempt, start.startedAt);
  return organisationUrl(host, signIn.subDomain);
}
