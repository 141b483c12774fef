import { z } from 'zod';
import { getConfig } from '@/lib/config';
import type { RequestHost } from '@/lib/hosts';
import { seal, unseal } from '@/lib/sealed';

/**
 * Every cookie this app reads or writes: name, lifetime, flags (contracts.md section 5, README
 * table). Cookies of the specification live on the parent domain so that the organisation's
 * host sees them; the app's own sign-in state stays on this host, under /login.
 * Cookies carrying a token are HttpOnly: no page script, ours or the web app's, can read them.
 */

const DAY = 24 * 60 * 60;

/** A single sign-on that has not come back from the provider by then must start again. */
export const SSO_FLOW_LIFETIME_SECONDS = 10 * 60;

/** Polling for a confirmed link stops after this long (contracts.md section 3). */
export const EMAIL_SIGN_IN_LIFETIME_SECONDS = 15 * 60;

/**
 * organisation-domain: Domain=<domain>, Path=/ (the organisation's host sees it).
 * login-app: this host only, Path=/login.
 * login-app-on-domain: Domain=<domain>, Path=/login, for a flow that may start on one host and
 * come back from the provider to web.<domain>.
 */
type CookieScope = 'organisation-domain' | 'login-app' | 'login-app-on-domain';

type CookieDefinition = { name: string; lifetimeSeconds: number; httpOnly: boolean; scope: CookieScope };

function definitions(productKey: string) {
  return {
    deviceId: { name: 'loginUUID', lifetimeSeconds: 30 * DAY, httpOnly: true, scope: 'organisation-domain' },
    lastLogin: { name: 'lastLogin', lifetimeSeconds: 90 * DAY, httpOnly: true, scope: 'organisation-domain' },
    subDomain: { name: `${productKey}SubDomain`, lifetimeSeconds: 365 * DAY, httpOnly: false, scope: 'organisation-domain' },
    currentUser: { name: 'currentUser', lifetimeSeconds: 10 * DAY, httpOnly: false, scope: 'organisation-domain' },
    tempUser: { name: 'tempUser', lifetimeSeconds: 10 * DAY, httpOnly: true, scope: 'organisation-domain' },
    sharedJwt: { name: 'sharedJWT', lifetimeSeconds: 30 * DAY, httpOnly: true, scope: 'organisation-domain' },
    emailSignIn: { name: 'emailSignIn', lifetimeSeconds: EMAIL_SIGN_IN_LIFETIME_SECONDS, httpOnly: true, scope: 'login-app' },
    ssoFlow: { name: 'ssoFlow', lifetimeSeconds: SSO_FLOW_LIFETIME_SECONDS, httpOnly: true, scope: 'login-app-on-domain' },
    ssoOrganisations: { name: 'ssoOrganisations', lifetimeSeconds: SSO_FLOW_LIFETIME_SECONDS, httpOnly: true, scope: 'login-app' },
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
  path: string;
  maxAge: number;
  httpOnly: boolean;
  secure: true;
  sameSite: 'lax';
};

export type CookieReader = { get(name: string): { value: string } | undefined };
export type CookieWriter = { set(name: string, value: string, attributes: CookieAttributes): unknown };

function attributes(cookie: CookieDefinition, host: RequestHost, maxAge = cookie.lifetimeSeconds): CookieAttributes {
  return {
    ...(cookie.scope === 'organisation-domain'
      ? { domain: host.domain, path: '/' }
      : cookie.scope === 'login-app-on-domain'
        ? { domain: host.domain, path: '/login' }
        : { path: '/login' }),
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

export function readCookie(reader: CookieReader, cookie: CookieName): string | undefined {
  return reader.get(definition(cookie).name)?.value || undefined;
}

/** The browser's device id, made on first use; the backend recognises returning devices by it. */
export function ensureDeviceId(reader: CookieReader, writer: CookieWriter, host: RequestHost): string {
  const existing = readCookie(reader, 'deviceId');
  if (existing && /^[A-Za-z0-9-]{8,64}$/.test(existing)) return existing;
  const created = crypto.randomUUID();
  write(writer, definition('deviceId'), host, created);
  return created;
}

// --- Sealed sign-in state ----------------------------------------------------------------------

const emailSignInState = z.object({
  uuid: z.string(),
  email: z.string(),
  sentAt: z.number(),
  requestedAt: z.number(),
  fromSignUp: z.boolean(),
});
export type EmailSignInState = z.infer<typeof emailSignInState>;

export async function readEmailSignIn(reader: CookieReader): Promise<EmailSignInState | undefined> {
  return unseal('email-sign-in', readCookie(reader, 'emailSignIn'), emailSignInState);
}

export async function writeEmailSignIn(writer: CookieWriter, host: RequestHost, state: EmailSignInState): Promise<void> {
  const cookie = definition('emailSignIn');
  const remaining = Math.max(1, Math.ceil((state.requestedAt + cookie.lifetimeSeconds * 1000 - Date.now()) / 1000));
  writer.set(cookie.name, await seal('email-sign-in', state, remaining), attributes(cookie, host, remaining));
}

const signUpState = z.object({ email: z.string(), autoAddToken: z.string() });
export type SignUpState = z.infer<typeof signUpState>;

export async function readSignUp(reader: CookieReader): Promise<SignUpState | undefined> {
  return unseal('sign-up', readCookie(reader, 'tempUser'), signUpState);
}

export async function writeSignUp(writer: CookieWriter, host: RequestHost, state: SignUpState): Promise<void> {
  const cookie = definition('tempUser');
  write(writer, cookie, host, await seal('sign-up', state, cookie.lifetimeSeconds));
}

const lastLoginState = z.object({ subDomain: z.string(), authToken: z.string() });
export type LastLogin = z.infer<typeof lastLoginState>;

export async function readLastLogin(reader: CookieReader): Promise<LastLogin | undefined> {
  return unseal('last-login', readCookie(reader, 'lastLogin'), lastLoginState);
}

/**
 * The hand-off to an organisation (contracts.md section 5): what the organisation's web app and
 * a later arrival at the login need to know about this sign-in.
 */
export async function writeOrganisationSignIn(
  writer: CookieWriter,
  host: RequestHost,
  signIn: { subDomain: string; authToken: string; email?: string },
): Promise<void> {
  const lastLogin = definition('lastLogin');
  write(writer, lastLogin, host, await seal('last-login', { subDomain: signIn.subDomain, authToken: signIn.authToken }, lastLogin.lifetimeSeconds));
  write(writer, definition('subDomain'), host, signIn.subDomain);
  write(writer, accessTokenDefinition(signIn.subDomain), host, signIn.authToken);
  if (signIn.email) write(writer, definition('currentUser'), host, signIn.email);
}

/** What a single sign-on keeps between the start route and the provider's return. */
const ssoFlowState = z.object({
  provider: z.enum(['google', 'microsoft']),
  state: z.string(),
  nonce: z.string(),
  codeVerifier: z.string(),
  redirectUri: z.string(),
  language: z.string(),
  tokenType: z.string().optional(),
  appRedirectUri: z.string().optional(),
});
export type SsoFlowState = z.infer<typeof ssoFlowState>;

export async function readSsoFlow(reader: CookieReader): Promise<SsoFlowState | undefined> {
  return unseal('sso-flow', readCookie(reader, 'ssoFlow'), ssoFlowState);
}

export async function writeSsoFlow(writer: CookieWriter, host: RequestHost, flow: SsoFlowState): Promise<void> {
  write(writer, definition('ssoFlow'), host, await seal('sso-flow', flow, SSO_FLOW_LIFETIME_SECONDS));
}

/** The organisations to choose from after a single sign-on: kept out of the URL. */
const ssoOrganisationsState = z.object({
  provider: z.enum(['google', 'microsoft']),
  organisations: z.array(z.object({ subDomain: z.string(), token: z.string() })).min(1),
  appRedirectUri: z.string().optional(),
});
export type SsoOrganisationsState = z.infer<typeof ssoOrganisationsState>;

export async function readSsoOrganisations(reader: CookieReader): Promise<SsoOrganisationsState | undefined> {
  return unseal('sso-organisations', readCookie(reader, 'ssoOrganisations'), ssoOrganisationsState);
}

export async function writeSsoOrganisations(writer: CookieWriter, host: RequestHost, state: SsoOrganisationsState): Promise<void> {
  write(writer, definition('ssoOrganisations'), host, await seal('sso-organisations', state, SSO_FLOW_LIFETIME_SECONDS));
}

/** The control-centre token of a `jwt` sign-in, for the control centre on this domain. */
export function writeSharedJwt(writer: CookieWriter, host: RequestHost, token: string): void {
  write(writer, definition('sharedJwt'), host, token);
}
