import { z } from 'zod';

/**
 * Where a provider's OpenID configuration lives, and the one copy of it that the app and MSAL
 * share: endpoints, issuer and keys all come from here, so the two can never disagree.
 */

/** The part of an OpenID Connect discovery document that the sign-in needs. */
const discoveryDocument = z.object({
  issuer: z.string().min(1),
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  jwks_uri: z.url(),
  end_session_endpoint: z.url().optional(),
});
export type Discovery = z.infer<typeof discoveryDocument>;

/** The provider gave no usable answer: not reachable, too slow, or an error page instead. */
export class ProviderUnreachable extends Error {}

/**
 * The hosts MSAL itself treats as Microsoft's (msal-common's InstanceDiscoveryMetadataAliases,
 * the public and sovereign clouds), plus Entra External ID's `<tenant>.ciamlogin.com`. Any other
 * host is a plain OpenID Connect provider to MSAL (ProtocolMode.OIDC).
 */
const MICROSOFT_AUTHORITY_HOSTS = new Set([
  'login.microsoftonline.com',
  'login.windows.net',
  'login.microsoft.com',
  'sts.windows.net',
  'login.partner.microsoftonline.cn',
  'login.chinacloudapi.cn',
  'login.microsoftonline.de',
  'login.microsoftonline.us',
  'login.usgovcloudapi.net',
  'login-us.microsoftonline.com',
  'login.sovcloud-identity.fr',
  'login.sovcloud-identity.de',
  'login.sovcloud-identity.sg',
]);

export function isMicrosoftAuthorityHost(authority: string): boolean {
  const host = new URL(authority).hostname.toLowerCase();
  return MICROSOFT_AUTHORITY_HOSTS.has(host) || host.endsWith('.ciamlogin.com');
}

/**
 * The one rule for the discovery document's address. Microsoft's hosts publish it under
 * `<authority>/v2.0/` (`/organizations`, `/common`, `/consumers`, a tenant id or domain), unless
 * the authority already ends in `/v2.0`; every other provider directly under its issuer
 * (OpenID Connect Discovery 1.0 section 4: `https://idp.example`, `…/realms/acme`). This is what
 * MSAL's `defaultOpenIdConfigurationEndpoint` computes in the mode `microsoftClient` gives it.
 */
export function discoveryUrl(provider: 'google' | 'microsoft', issuerOrAuthority: string): string {
  const base = issuerOrAuthority.replace(/\/+$/, '');
  const underV2 = provider === 'microsoft' && isMicrosoftAuthorityHost(base) && !/\/v2\.0$/i.test(base);
  return `${underV2 ? `${base}/v2.0` : base}/.well-known/openid-configuration`;
}

const DISCOVERY_TIMEOUT_MS = 5_000;
/**
 * How long a fetched document is used before it is fetched again. Providers change endpoints and
 * key locations rarely and announce it; an hour keeps a change from going unnoticed for long.
 */
export const DISCOVERY_MAX_AGE_MS = 60 * 60 * 1000;

type CachedDiscovery = { document: Promise<Discovery>; fetchedAt: number };
const cache = new Map<string, CachedDiscovery>();

/**
 * The document at `url`: fetched once, reused for DISCOVERY_MAX_AGE_MS, and fetched again after
 * that or after `forgetDiscovery`. A failed fetch is never kept, so the next sign-in tries again.
 */
export function discover(url: string, now: number = Date.now()): Promise<Discovery> {
  const cached = cache.get(url);
  if (cached && now - cached.fetchedAt < DISCOVERY_MAX_AGE_MS) return cached.document;
  const entry: CachedDiscovery = {
    fetchedAt: now,
    document: fetch(url, { signal: AbortSignal.timeout(DISCOVERY_TIMEOUT_MS), cache: 'no-store' })
      .then(async (response) => {
        if (!response.ok) throw new Error(`discovery answered ${response.status}`);
        return discoveryDocument.parse(await response.json());
      })
      .catch((error: unknown) => {
        if (cache.get(url) === entry) cache.delete(url);
        throw new ProviderUnreachable('discovery failed', { cause: error });
      }),
  };
  cache.set(url, entry);
  return entry.document;
}

/**
 * Drops the cached document, so that the next sign-in reads it anew: called when a sign-in failed
 * in a way a changed document could explain (an unexpected issuer, a provider that did not answer).
 */
export function forgetDiscovery(url: string): void {
  cache.delete(url);
}

/**
 * The document as MSAL's `authorityMetadata` expects it (msal-common's OpenIdConfigResponse): with
 * it MSAL neither fetches nor validates a document of its own.
 */
export function msalAuthorityMetadata(discovery: Discovery): string {
  const { issuer, authorization_endpoint, token_endpoint, jwks_uri, end_session_endpoint } = discovery;
  return JSON.stringify({ issuer, authorization_endpoint, token_endpoint, jwks_uri, ...(end_session_endpoint ? { end_session_endpoint } : {}) });
}
