import { createRemoteJWKSet, customFetch, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { timedProviderCall } from '@/lib/platform/observability/metrics';
import type { Discovery } from './discovery';
import type { ProviderId } from '../../../vocabulary/providers';

/**
 * The provider's published keys, fetched by jose and kept per JWKS address. The two durations
 * are jose's own defaults made explicit (and shorter where it matters), because key rotation
 * depends on them:
 * - a token whose key id is not in the cached set makes jose fetch the set again, at once, but
 *   only if the last fetch is at least KEY_REFRESH_COOLDOWN_MS old: a provider that rotated its
 *   key is followed on the first sign-in after the rotation, and a flood of tokens with made-up
 *   key ids costs the provider at most one request per cool-down (jose's default is 30 s);
 * - the set is fetched again before use once it is KEY_SET_MAX_AGE_MS old (jose's default),
 *   so keys the provider withdrew stop being accepted.
 */
export const KEY_REFRESH_COOLDOWN_MS = 10_000;
export const KEY_SET_MAX_AGE_MS = 10 * 60 * 1000;
const KEY_SET_TIMEOUT_MS = 5_000;

/**
 * An ID token comes from the code exchange a moment ago, within a flow of at most 10 minutes:
 * an older `iat` is no token of this sign-in.
 */
const ID_TOKEN_MAX_AGE_SECONDS = 10 * 60;

/** A provider's key set as the app uses it: jose's remote set with the durations above. */
export function providerKeySet(jwksUri: string, provider?: ProviderId): JWTVerifyGetKey {
  return createRemoteJWKSet(new URL(jwksUri), {
    timeoutDuration: KEY_SET_TIMEOUT_MS,
    cooldownDuration: KEY_REFRESH_COOLDOWN_MS,
    cacheMaxAge: KEY_SET_MAX_AGE_MS,
    ...(provider ? { [customFetch]: (url: string, options: RequestInit) => timedProviderCall(provider, 'key_set', () => fetch(url, options)) } : {}),
  });
}

const keySets = new Map<string, JWTVerifyGetKey>();

function keySet(jwksUri: string, provider?: ProviderId): JWTVerifyGetKey {
  let keys = keySets.get(jwksUri);
  if (!keys) {
    keys = providerKeySet(jwksUri, provider);
    keySets.set(jwksUri, keys);
  }
  return keys;
}

/**
 * The issuers a token may name. Entra's multi-tenant discovery names `{tenantid}` in its issuer;
 * the token's own `tid` fills it in. Google's tokens may name their issuer without the scheme.
 */
export function acceptedIssuers(discoveryIssuer: string, tenantId: unknown): string[] {
  if (discoveryIssuer.includes('{tenantid}')) {
    return typeof tenantId === 'string' && /^[0-9a-f-]{36}$/i.test(tenantId)
      ? [discoveryIssuer.replace('{tenantid}', tenantId)]
      : [];
  }
  if (discoveryIssuer === 'https://accounts.google.com') return [discoveryIssuer, 'accounts.google.com'];
  return [discoveryIssuer];
}

export class IdTokenRejected extends Error {
  /** `code`: jose's error code, or which of our own checks failed; safe to log. */
  constructor(
    reason: string,
    readonly code: string,
  ) {
    super(`ID token rejected: ${reason}`);
    this.name = 'IdTokenRejected';
  }
}

/**
 * Checks an ID token ourselves, whatever the library did: the signature against the issuer's
 * published keys, `iss`, `aud`, `exp`, `nbf` and `iat` (each with `clockSkewSeconds` of
 * tolerance for a provider whose clock differs from ours), and the `nonce` of this very flow.
 */
export async function verifyIdToken(
  idToken: string,
  expected: { discovery: Discovery; clientId: string; nonce: string; clockSkewSeconds: number; provider?: ProviderId },
  keys: JWTVerifyGetKey = keySet(expected.discovery.jwks_uri, expected.provider),
): Promise<JWTPayload> {
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(idToken, keys, {
      audience: expected.clientId,
      algorithms: ['RS256', 'ES256', 'PS256'],
      clockTolerance: expected.clockSkewSeconds,
      maxTokenAge: ID_TOKEN_MAX_AGE_SECONDS,
      requiredClaims: ['iss', 'aud', 'exp', 'iat', 'sub'],
    }));
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    throw new IdTokenRejected(error instanceof Error ? error.message : 'unreadable', typeof code === 'string' ? code : 'unreadable');
  }
  if (!acceptedIssuers(expected.discovery.issuer, payload.tid).includes(payload.iss ?? '')) {
    throw new IdTokenRejected('unexpected issuer', 'unexpected_issuer');
  }
  // OIDC Core 3.1.3.7: with several audiences the token must name us as the party it was issued to.
  const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  if ((audiences.length > 1 || payload.azp !== undefined) && payload.azp !== expected.clientId) {
    throw new IdTokenRejected('azp is not this client', 'azp_mismatch');
  }
  if (payload.nonce !== expected.nonce) throw new IdTokenRejected('nonce does not match this sign-in', 'nonce_mismatch');
  return payload;
}

export function lowerCaseClaim(value: unknown): string | undefined {
  return typeof value === 'string' ? value.toLowerCase() : undefined;
}
