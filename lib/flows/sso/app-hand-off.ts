import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { sharedLimit } from '@/lib/platform/shared-store/store';
import { loginPagePath } from '@/lib/vocabulary/base-path';
import { sealedCookie, SSO_FLOW_LIFETIME_SECONDS, writeSharedJwt, type CookieWriter, type ReceivedCookies } from '@/lib/platform/cookies';
import type { RequestHost } from '@/lib/platform/hosts';
import type { Language } from '@/lib/platform/i18n/routing';
import { isValidEmail } from '@/lib/vocabulary/validation';
import { appRedirectLocation, codeChallengeSchema, type AppRedirect, type AppSignIn } from './app-code';
import { providerById, providerIdSchema, type ProviderId } from '../../vocabulary/providers';

/**
 * How a sign-in reaches the app that asked for it (`redirect_uri`; docs/decisions.md, Native
 * apps only through links they own). Only an https address the app has claimed (Universal Links,
 * App Links) says which app receives it; any app on a phone can register a custom scheme, and one
 * that started the sign-in with its own challenge redeems the code with its own verifier. So a
 * custom scheme is opened only from a page that names the account and waits for a click
 * (RFC 8252 section 8.6), on every device.
 */

/** An address whose owner the operating system checks: the hand-off may go on without a click. */
export function isClaimedAppLink(uri: string): boolean {
  return URL.canParse(uri) && new URL(uri).protocol === 'https:';
}

/** The signed-in address the page names, from the verified ID token; nothing when it has none. */
export function accountOf(claims: Record<string, unknown>): string | undefined {
  const { email } = claims;
  return typeof email === 'string' && isValidEmail(email) ? email : undefined;
}

/** A sign-in waiting on the open-the-app page: the app, the sign-in, and whose it is. */
const appHandOffState = z.object({
  /** Spent for the whole fleet when the app is opened: a replayed cookie opens it no second time. */
  id: z.string(),
  provider: providerIdSchema,
  appRedirectUri: z.string(),
  appCodeChallenge: codeChallengeSchema.optional(),
  token: z.string(),
  subDomain: z.string().optional(),
  account: z.string().optional(),
  // The token is the control centre's: the shared cookie is written when the app is opened, not before.
  controlCentre: z.literal(true).optional(),
});
export type AppHandOffState = z.infer<typeof appHandOffState>;
const appHandOffCookie = sealedCookie('ssoAppHandOff', 'sso-app-hand-off', appHandOffState);
export const readAppHandOff = appHandOffCookie.read;

/**
 * Written over the hand-off when the app is opened, for the rest of the cookie's life: the page,
 * reloaded, then says the sign-in went to the app and what to do if none opened, not a bare
 * login page (issue 49). It holds no token and no account, and under a key of its own it never
 * reads as a hand-off, so nothing can be opened again.
 */
const appOpenedMark = sealedCookie('ssoAppHandOff', 'sso-app-opened', z.object({ provider: providerIdSchema }));
export const readAppOpened = appOpenedMark.read;

/** Until the cookie it names would have expired anyway. */
const openedHandOffs = sharedLimit('app_hand_offs', { points: 1, durationSeconds: SSO_FLOW_LIFETIME_SECONDS, whenUnreachable: 'per-process' });

export function appOfHandOff(state: AppHandOffState): AppRedirect {
  return { uri: state.appRedirectUri, ...(state.appCodeChallenge ? { codeChallenge: state.appCodeChallenge } : {}) };
}

export function signInOfHandOff(state: AppHandOffState): AppSignIn {
  return { token: state.token, ...(state.subDomain ? { subDomain: state.subDomain } : {}) };
}

/**
 * Where the browser goes to hand a sign-in to its app: straight to a claimed https address, or
 * to the open-the-app page. That page asks first for a custom scheme, and for a claimed address
 * on a phone (`pageFirst`) says what is happening before opening it after 2 s. A control centre
 * sign-in (`controlCentre`) also leaves the control centre's shared cookie, once the app is opened.
 */
export async function appHandOffLocation(
  handOff: { app: AppRedirect; signIn: AppSignIn; provider: ProviderId; language: Language; account?: string; pageFirst: boolean; controlCentre?: boolean },
  context: { host: RequestHost; cookies: CookieWriter },
): Promise<string> {
  const { app, signIn, provider, language, account, controlCentre } = handOff;
  if (isClaimedAppLink(app.uri) && !handOff.pageFirst) {
    if (controlCentre) writeSharedJwt(context.cookies, context.host, signIn.token);
    return appRedirectLocation(app, signIn);
  }
  await appHandOffCookie.write(context.cookies, context.host, {
    id: randomUUID(),
    provider,
    appRedirectUri: app.uri,
    ...(app.codeChallenge ? { appCodeChallenge: app.codeChallenge } : {}),
    ...signIn,
    ...(account ? { account } : {}),
    ...(controlCentre ? { controlCentre } : {}),
  });
  return openAppPagePath(provider, language);
}

/** The open-the-app page of a provider's sign-in, under the base path. */
export function openAppPagePath(provider: ProviderId, language: Language): string {
  return `${loginPagePath(language)}/${providerById(provider).routeSegment}/open-app`;
}

/**
 * "Open the app": the one moment the waiting sign-in becomes the app's. The hand-off is spent
 * here, so the page holds no code and a reload mints none; nothing when it was spent or cancelled.
 * What stays is the mark that it was opened.
 */
export async function openAppOfHandOff(context: { host: RequestHost; cookies: CookieWriter; received: ReceivedCookies }): Promise<string | undefined> {
  const handOff = await readAppHandOff(context.received);
  if (!handOff) return undefined;
  await appOpenedMark.write(context.cookies, context.host, { provider: handOff.provider });
  if (!(await openedHandOffs.spend(handOff.id)).allowed) return undefined;
  if (handOff.controlCentre) writeSharedJwt(context.cookies, context.host, handOff.token);
  return appRedirectLocation(appOfHandOff(handOff), signInOfHandOff(handOff));
}
