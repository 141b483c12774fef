import { z } from 'zod';
import { timedProviderCall } from '@/lib/platform/observability/metrics';
import type { ProviderId } from '../../../vocabulary/providers';

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

/** The document names another issuer than the one it was fetched for: a misconfiguration, or another provider's document. */
export class DiscoveryIssuerMismatch extends Error {
  override name = 'DiscoveryIssuerMismatch';
}

/** Entra's authority paths that admit any directory; its document names `{tenantid}` there. */
const MULTI_TENANT_SEGMENTS = new Set(['organizations', 'common']);

/**
 * OpenID Connect Discovery 1.0 section 4.3: the `issuer` in the document must be the very URL
 * it was fetched under, before `/.well-known/openid-configuration`. The one difference allowed
 * is Entra's multi-tenant template, `{tenantid}` where the address says `organizations` or
 * `common`: the token's own `tid` fills it in later (id-token.ts).
 */
export function issuerMatchesDiscoveryUrl(issuer: string, discoveryUrl: string): boolean {
  const expected = discoveryUrl.replace(/\/\.well-known\/openid-configuration$/, '').replace(/\/+$/, '').split('/');
  const named = issuer.replace(/\/+$/, '').split('/');
  return (
    named.length === expected.length &&
    named.every((part, index) => part === expected[index] || (part === '{tenantid}' && MULTI_TENANT_SEGMENTS.has(expected[index]!.toLowerCase())))
  );
}

/**
 * Where an OpenID provider publishes its discovery document: directly under its issuer (OpenID
 * Connect Discovery 1.0 section 4: `https://idp.example`, `…/realms/acme`). Microsoft's hosts
 * differ (providers/microsoft.ts).
 */
export function openIdDiscoveryUrl(issuer: string): string {
  return `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
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
export function discover(url: string, { provider, now = Date.now() }: { provider?: ProviderId; now?: number } = {}): Promise<Discovery> {
  const cached = cache.get(url);
  if (cached && now - cached.fetchedAt < DISCOVERY_MAX_AGE_MS) return cached.document;
  const fetchDocument = async () => {
    const response = await fetch(url, { signal: AbortSignal.timeout(DISCOVERY_TIMEOUT_MS), cache: 'no-store' });
    if (!response.ok) throw new Error(`discovery answered ${response.status}`);
    return discoveryDocument.parse(await response.json());
  };
  const entry: CachedDiscovery = {
    fetchedAt: now,
    document: (provider ? timedProviderCall(provider, 'discovery', fetchDocument) : fetchDocument())
      .catch((error: unknown) => {
        if (cache.get(url) === entry) cache.delete(url);
        throw new ProviderUnreachable('discovery failed', { cause: error });
      })
      .then((document) => {
        if (issuerMatchesDiscoveryUrl(document.issuer, url)) return document;
        if (cache.get(url) === entry) cache.delete(url);
        throw new DiscoveryIssuerMismatch('the discovery document names another issuer');
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
