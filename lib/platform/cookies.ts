import type { z } from 'zod';
import { getConfig } from '@/lib/platform/settings/config';
import type { RequestHost } from '@/lib/platform/hosts';
import { seal, unseal, type SealPurpose } from '@/lib/platform/sealed';
import { BASE_PATH } from '@/lib/vocabulary/base-path';

/**
 * Every cookie this app reads or writes: name, lifetime, flags (docs/decisions.md, The hand-off
 * and its cookies; the table in docs/cookies-and-routes.md). The cookies of the hand-off live on the parent domain so that the
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
 * login-path: this host only, Path=/login: a preference of this app's pages, which the web apps
 * beside it on this host never receive. No prefix keeps a sibling's copy out: only a value that
 * can do no harm is kept so.
 */
type CookieScope = 'organisation-domain' | 'login-host' | 'login-path';

type CookieDefinition = { name: string; lifetimeSeconds: number; httpOnly: boolean; scope: CookieScope };

function definitions(productKey: string) {
  return {
    deviceId: { name: 'loginUUID', lifetimeSeconds: 30 * DAY, httpOnly: true, scope: 'organisation-domain' },
    // Written beside loginUUID at a completed hand-off: only then does arrival trust that device id.
    deviceBinding: { name: '__Host-deviceBinding', lifetimeSeconds: 30 * DAY, httpOnly: true, scope: 'login-host' },
    lastLogin: { name: '__Host-lastLogin', lifetimeSeconds: 90 * DAY, httpOnly: true, scope: 'login-host' },
    // Where lastLogin lived before issue 23, on the parent domain: never read, only expired.
    legacyLastLogin: { name: 'lastLogin', lifetimeSeconds: 0, httpOnly: true, scope: 'organisation-domain' },
    subDomain: { name: `${productKey}SubDomain`, lifetimeSeconds: 365 * DAY, httpOnly: false, scope: 'organisation-domain' },
    currentUser: { name: 'currentUser', lifetimeSeconds: 10 * DAY, httpOnly: false, scope: 'organisation-domain' },
    sharedJwt: { name: 'sharedJWT', lifetimeSeconds: 30 * DAY, httpOnly: true, scope: 'organisation-domain' },
    signUp: { name: '__Host-tempUser', lifetimeSeconds: 10 * DAY, httpOnly: true, scope: 'login-host' },
    emailSignIn: { name: '__Host-emailSignIn', lifetimeSeconds: EMAIL_SIGN_IN_LIFETIME_SECONDS, httpOnly: true, scope: 'login-host' },
    linkConfirmedHere: { name: '__Host-linkConfirmedHere', lifetimeSeconds: EMAIL_SIGN_IN_LIFETIME_SECONDS, httpOnly: true, scope: 'login-host' },
    signedInWithLink: { name: '__Host-signedInWithLink', lifetimeSeconds: EMAIL_SIGN_IN_LIFETIME_SECONDS, httpOnly: true, scope: 'login-host' },
    // "Use another e-mail address": the address goes back into the login form once, never through the URL.
    keptAddress: { name: '__Host-keptAddress', lifetimeSeconds: 5 * 60, httpOnly: true, scope: 'login-host' },
    ssoFlow: { name: '__Host-ssoFlow', lifetimeSeconds: SSO_FLOW_LIFETIME_SECONDS, httpOnly: true, scope: 'login-host' },
    ssoOrganisations: { name: '__Host-ssoOrganisations', lifetimeSeconds: SSO_FLOW_LIFETIME_SECONDS, httpOnly: true, scope: 'login-host' },
    // A sign-in waiting for the person to open the app that asked for it (lib/flows/sso/app-hand-off.ts).
    ssoAppHandOff: { name: '__Host-ssoAppHandOff', lifetimeSeconds: SSO_FLOW_LIFETIME_SECONDS, httpOnly: true, scope: 'login-host' },
    lastSignInMethod: { name: '__Host-lastSignInMethod', lifetimeSeconds: 365 * DAY, httpOnly: true, scope: 'login-host' },
    // The language chosen with a language link (lib/platform/pages/language-routing.ts): any of ours, nothing more.
    chosenLanguage: { name: '__Secure-language', lifetimeSeconds: 365 * DAY, httpOnly: true, scope: 'login-path' },
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
  path: '/' | typeof BASE_PATH;
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
    path: cookie.scope === 'login-path' ? BASE_PATH : '/',
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

/**
 * A cookie whose value is sealed (lib/platform/sealed.ts): state that only this app can read, shaped by
 * `schema`. Each flow declares its own beside its code; a value that fails to open or to parse
 * reads as nothing.
 */
export function sealedCookie<State extends Record<string, unknown>>(cookie: CookieName, purpose: SealPurpose, schema: z.ZodType<State>) {
  return {
    read: (received: ReceivedCookies): Promise<State | undefined> => unseal(purpose, readCookie(received, cookie), schema),
    /** Sealed for as long as the cookie lives. */
    write: async (writer: CookieWriter, host: RequestHost, state: State): Promise<void> => {
      write(writer, definition(cookie), host, await seal(purpose, state, definition(cookie).lifetimeSeconds));
    },
  };
}

/** A cookie of plain text (no secret): the value as sent, or nothing. */
export function writePlainCookie(writer: CookieWriter, cookie: CookieName, host: RequestHost, value: string): void {
  write(writer, definition(cookie), host, value);
}

/** The per-organisation access token of the hand-off, e.g. `acmeAccessToken`. */
export function writeAccessToken(writer: CookieWriter, host: RequestHost, subDomain: string, token: string): void {
  write(writer, accessTokenDefinition(subDomain), host, token);
}

/** The control-centre token of a `jwt` sign-in, for the control centre on this domain. */
export function writeSharedJwt(writer: CookieWriter, host: RequestHost, token: string): void {
  write(writer, definition('sharedJwt'), host, token);
}
