import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { clearCookie, readCookie, sealedCookie, writeAccessToken, writePlainCookie, type CookieWriter, type ReceivedCookies } from '@/lib/platform/cookies';
import { organisationUrl, type RequestHost } from '@/lib/platform/hosts';
import type { SignInDurationMethod } from '@/lib/platform/observability/metrics';
import { digests } from '@/lib/platform/sealed';
import { countSignInStepOnce, observeSignInDurationOnce } from '@/lib/platform/sign-in-funnel';
import type { SignInMethod } from '@/lib/vocabulary/sign-in-method';

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
 * The hand-off itself: the cookies written, and the organisation's address for the browser to go
 * to. `attempt` names the sign-in it ends (lib/platform/sign-in-funnel.ts): handed off is counted once for
 * it, however many tabs or browsers it is handed to, and so is its time (`timed`: when the
 * attempt began, sealed by this server at its first step, and how it ended), where the caller
 * holds that start: an e-mail sign-in ends only in the browser that asked, which holds its wait.
 */
export async function handOffToOrganisation(
  writer: CookieWriter,
  host: RequestHost,
  signIn: OrganisationSignIn & { method: SignInMethod; attempt: string; timed?: { method: SignInDurationMethod; startedAt: number } },
): Promise<string> {
  await writeOrganisationSignIn(writer, host, signIn);
  await countSignInStepOnce(signIn.method, 'handed_off', signIn.attempt);
  if (signIn.timed) await observeSignInDurationOnce(signIn.timed.method, signIn.attempt, signIn.timed.startedAt);
  return organisationUrl(host, signIn.subDomain);
}
