import { z } from 'zod';
import { getConfig } from '@/lib/config';
import type { RequestHost } from '@/lib/hosts';
import { seal, unseal } from '@/lib/sealed';
import { signInMethod, type SignInMethod } from '@/lib/sign-in-method';
import { providerIdSchema } from '@/lib/sso/providers';

/**
 * Every cookie this app reads or writes: name, lifetime, flags (docs/decisions.md, The hand-off
 * and its cookies; the README's table). The cookies of the hand-off live on the parent domain so that the
 * organisation's host sees them. Sign-in state that only this app reads is host-only on
 * web.<domain> under the `__Host-` prefix: the browser refuses such a cookie from any other host,
 * so no sibling host of the parent domain can plant or shadow it.
 * Cookies carrying a token are HttpOnly: no page script, ours or the web app's, can read them.
 */

const DAY = 24 * 60 * 60;

/** A single sign-on that has not come back from the provider by then must start again. */
export const SSO_FLOW_LIFETIME_SECONDS = 10 * 60;

/** Polling for a confirmed link stops after this long (docs/decisions.md, The calls). */
export const EMAIL_SIGN_IN_LIFETIME_SECONDS = 15 * 60;

/**
 * organisation-domain: Domain=<domain>, Path=/ (the organisation's host sees it).
 * login-host: `__Host-` name, this host only, Path=/ (the prefix allows no other path).
 */
type CookieScope = 'organisation-domain' | 'login-host';

type CookieDefinition = { name: string; lifetimeSeconds: number; httpOnly: boolean; scope: CookieScope };

function definitions(productKey: string) {
  return {
    deviceId: { name: 'loginUUID', lifetimeSeconds: 30 * DAY, httpOnly: true, scope: 'organisation-domain' },
    lastLogin: { name: 'lastLogin', lifetimeSeconds: 90 * DAY, httpOnly: true, scope: 'organisation-domain' },
    subDomain: { name: `${productKey}SubDomain`, lifetimeSeconds: 365 * DAY, httpOnly: false, scope: 'organisation-domain' },
    currentUser: { name: 'currentUser', lifetimeSeconds: 10 * DAY, httpOnly: false, scope: 'organisation-domain' },
    sharedJwt: { name: 'sharedJWT', lifetimeSeconds: 30 * DAY, httpOnly: true, scope: 'organisation-domain' },
    signUp: { name: '__Host-tempUser', lifetimeSeconds: 10 * DAY, httpOnly: true, scope: 'login-host' },
    emailSignIn: { name: '__Host-emailSignIn', lifetimeSeconds: EMAIL_SIGN_IN_LIFETIME_SECONDS, httpOnly: true, scope: 'login-host' },
    ssoFlow: { name: '__Host-ssoFlow', lifetimeSeconds: SSO_FLOW_LIFETIME_SECONDS, httpOnly: true, scope: 'login-host' },
    ssoOrganisations: { name: '__Host-ssoOrganisations', lifetimeSeconds: SSO_FLOW_LIFETIME_SECONDS, httpOnly: true, scope: 'login-host' },
    lastSignInMethod: { name: '__Host-lastSignInMethod', lifetimeSeconds: 365 * DAY, httpOnly: true, scope: 'login-host' },
  } satisfies Record<string, CookieDefinition>;
}

export type CookieName = keyof ReturnType<typeof definitions>;

/** The per-organisation access token cookie, e.g. `acmeAccessToken`. */
function accessTokenDefinition(subDomain: string): CookieDefinition {
  return { name: `${subDomain}AccessToken`, lifetimeSeconds: DAY, httpOnly: true, scope: 'organisation-domain' };
}

function definition(cookie: CookieName): CookieDefinition {
  return definitions(getConfig().productKey)[cookie];
}

export type CookieAttributes = {
  domain?: string;
  path: '/';
  maxAge: number;
  httpOnly: boolean;
  secure: true;
  sameSite: 'lax';
};

export type CookieWriter = { set(name: string, value: string, attributes: CookieAttributes): unknown };

/**
 * The cookies of one request as the browser sent them. A name that arrives twice means another
 * host planted a cookie of that name beside ours (a longer path or another domain shadows it):
 * such a name reads as absent, and `tampered` lists it so that it can be cleared.
 */
export type ReceivedCookies = {
  get(name: string): { value: string } | undefined;
  readonly duplicated: ReadonlySet<string>;
};

export function parseCookieHeader(header: string | null | undefined): ReceivedCookies {
  const values = new Map<string, string>();
  const duplicated = new Set<string>();
  for (const pair of (header ?? '').split(';')) {
    const equals = pair.indexOf('=');
    const name = (equals === -1 ? pair : pair.slice(0, equals)).trim();
    if (!name) continue;
    if (values.has(name)) duplicated.add(name);
    const raw = equals === -1 ? '' : pair.slice(equals + 1).trim();
    let value = raw;
    try {
      value = decodeURIComponent(raw);
    } catch {
      // Not percent-encoded by us: kept as it came, and no sealed value will open from it.
    }
    values.set(name, value);
  }
  return {
    duplicated,
    get: (name) => (duplicated.has(name) || !values.has(name) ? undefined : { value: values.get(name)! }),
  };
}

/** Our cookie names that arrived more than once in this request. */
export function tamperedCookieNames(received: ReceivedCookies): string[] {
  if (received.duplicated.size === 0) return [];
  const ours = Object.values(definitions(getConfig().productKey)).map((cookie) => cookie.name);
  return ours.filter((name) => received.duplicated.has(name));
}

/**
 * Set-Cookie values that expire the copies of a tampered name this request could have carried.
 * Another host can only have written it for the parent domain, and a cookie is only sent on
 * paths below its own, so the parent domain on each ancestor of the request's path covers every
 * shadow of the routes we serve (at most four levels: the response headers must stay small).
 */
export function clearingsOfTamperedCookies(names: readonly string[], host: RequestHost, requestPath: string): string[] {
  const segments = requestPath.split('/').filter(Boolean).slice(0, 3);
  const paths = ['/', ...segments.map((_, index) => `/${segments.slice(0, index + 1).join('/')}`)];
  return names.flatMap((name) =>
    name.startsWith('__Host-')
      ? [`${name}=; Path=/; Max-Age=0; Secure; HttpOnly; SameSite=Lax`]
      : paths.map((path) => `${name}=; Domain=${host.domain}; Path=${path}; Max-Age=0; Secure; SameSite=Lax`),
  );
}

function attributes(cookie: CookieDefinition, host: RequestHost, maxAge = cookie.lifetimeSeconds): CookieAttributes {
  return {
    ...(cookie.scope === 'organisation-domain' ? { domain: host.domain } : {}),
    path: '/',
    maxAge,
    httpOnly: cookie.httpOnly,
    secure: true,
    sameSite: 'lax',
  };
}

function write(writer: CookieWriter, cookie: CookieDefinition, host: RequestHost, value: string): void {
  writer.set(cookie.name, value, attributes(cookie, host));
}

export function clearCookie(writer: CookieWriter, cookie: CookieName, host: RequestHost): void {
  writer.set(definition(cookie).name, '', attributes(definition(cookie), host, 0));
}

export function readCookie(received: ReceivedCookies, cookie: CookieName): string | undefined {
  return received.get(definition(cookie).name)?.value || undefined;
}

/**
 * A fresh device id for a sign-in that starts now. The backend signs a device in again by this
 * id alone, so it is never taken from the browser: a value a sibling host planted would otherwise
 * tie the victim's sign-in to a device the attacker knows.
 */
export function mintDeviceId(): string {
  return crypto.randomUUID();
}

// --- Sealed sign-in state ----------------------------------------------------------------------

const emailSignInState = z.object({
  uuid: z.string(),
  email: z.string(),
  sentAt: z.number(),
  requestedAt: z.number(),
  fromSignUp: z.boolean(),
  /** Minted when the link was requested; sent with every call of this sign-in. */
  deviceId: z.string(),
});
export type EmailSignInState = z.infer<typeof emailSignInState>;

export async function readEmailSignIn(received: ReceivedCookies): Promise<EmailSignInState | undefined> {
  return unseal('email-sign-in', readCookie(received, 'emailSignIn'), emailSignInState);
}

export async function writeEmailSignIn(writer: CookieWriter, host: RequestHost, state: EmailSignInState): Promise<void> {
  const cookie = definition('emailSignIn');
  const remaining = Math.max(1, Math.ceil((state.requestedAt + cookie.lifetimeSeconds * 1000 - Date.now()) / 1000));
  writer.set(cookie.name, await seal('email-sign-in', state, remaining), attributes(cookie, host, remaining));
}

const signUpState = z.object({ email: z.string(), autoAddToken: z.string(), deviceId: z.string() });
export type SignUpState = z.infer<typeof signUpState>;

export async function readSignUp(received: ReceivedCookies): Promise<SignUpState | undefined> {
  return unseal('sign-up', readCookie(received, 'signUp'), signUpState);
}

export async function writeSignUp(writer: CookieWriter, host: RequestHost, state: SignUpState): Promise<void> {
  const cookie = definition('signUp');
  write(writer, cookie, host, await seal('sign-up', state, cookie.lifetimeSeconds));
}

const lastLoginState = z.object({ subDomain: z.string(), authToken: z.string() });
export type LastLogin = z.infer<typeof lastLoginState>;

export async function readLastLogin(received: ReceivedCookies): Promise<LastLogin | undefined> {
  return unseal('last-login', readCookie(received, 'lastLogin'), lastLoginState);
}

/**
 * The method this browser signed in with last, or nothing. Plain text, not sealed: it is no
 * secret, and anything but one of the method names reads as nothing, so a value planted on this
 * host (the `__Host-` prefix keeps sibling hosts out) can at most reorder the login page.
 */
export function readLastSignInMethod(received: ReceivedCookies): SignInMethod | undefined {
  const parsed = signInMethod.safeParse(readCookie(received, 'lastSignInMethod'));
  return parsed.success ? parsed.data : undefined;
}

/**
 * The hand-off to an organisation (docs/decisions.md, The hand-off
 * and its cookies): what the organisation's web app and
 * a later arrival at the login need to know about this sign-in, and by which method it was made
 * (none when the arrival signed a known device in again).
 */
export async function writeOrganisationSignIn(
  writer: CookieWriter,
  host: RequestHost,
  signIn: { subDomain: string; authToken: string; email?: string; deviceId?: string; method?: SignInMethod },
): Promise<void> {
  const lastLogin = definition('lastLogin');
  write(writer, lastLogin, host, await seal('last-login', { subDomain: signIn.subDomain, authToken: signIn.authToken }, lastLogin.lifetimeSeconds));
  write(writer, definition('subDomain'), host, signIn.subDomain);
  write(writer, accessTokenDefinition(signIn.subDomain), host, signIn.authToken);
  if (signIn.email) write(writer, definition('currentUser'), host, signIn.email);
  // The device id this sign-in was made with: a later arrival is recognised by it.
  if (signIn.deviceId) write(writer, definition('deviceId'), host, signIn.deviceId);
  if (signIn.method) write(writer, definition('lastSignInMethod'), host, signIn.method);
}

/** What a single sign-on keeps between the start route and the provider's return. */
const ssoFlowState = z.object({
  provider: providerIdSchema,
  state: z.string(),
  nonce: z.string(),
  codeVerifier: z.string(),
  redirectUri: z.string(),
  language: z.string(),
  tokenType: z.string().optional(),
  appRedirectUri: z.string().optional(),
  deviceId: z.string(),
});
export type SsoFlowState = z.infer<typeof ssoFlowState>;

export async function readSsoFlow(received: ReceivedCookies): Promise<SsoFlowState | undefined> {
  return unseal('sso-flow', readCookie(received, 'ssoFlow'), ssoFlowState);
}

export async function writeSsoFlow(writer: CookieWriter, host: RequestHost, flow: SsoFlowState): Promise<void> {
  write(writer, definition('ssoFlow'), host, await seal('sso-flow', flow, SSO_FLOW_LIFETIME_SECONDS));
}

/** The organisations to choose from after a single sign-on: kept out of the URL. */
const ssoOrganisationsState = z.object({
  provider: providerIdSchema,
  organisations: z.array(z.object({ subDomain: z.string(), token: z.string() })).min(1),
  appRedirectUri: z.string().optional(),
  deviceId: z.string(),
});
export type SsoOrganisationsState = z.infer<typeof ssoOrganisationsState>;

export async function readSsoOrganisations(received: ReceivedCookies): Promise<SsoOrganisationsState | undefined> {
  return unseal('sso-organisations', readCookie(received, 'ssoOrganisations'), ssoOrganisationsState);
}

export async function writeSsoOrganisations(writer: CookieWriter, host: RequestHost, state: SsoOrganisationsState): Promise<void> {
  write(writer, definition('ssoOrganisations'), host, await seal('sso-organisations', state, SSO_FLOW_LIFETIME_SECONDS));
}

/** The control-centre token of a `jwt` sign-in, for the control centre on this domain. */
export function writeSharedJwt(writer: CookieWriter, host: RequestHost, token: string): void {
  write(writer, definition('sharedJwt'), host, token);
}
