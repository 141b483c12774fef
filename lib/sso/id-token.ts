import { createRemoteJWKSet, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import type { Discovery } from './discovery';

const keySets = new Map<string, JWTVerifyGetKey>();

function keySet(jwksUri: string): JWTVerifyGetKey {
  let keys = keySets.get(jwksUri);
  if (!keys) {
    keys = createRemoteJWKSet(new URL(jwksUri), { timeoutDuration: 5_000 });
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
 * published keys, `iss`, `aud`, `exp` and the `nonce` of this very flow.
 */
export async function verifyIdToken(
  idToken: string,
  expected: { discovery: Discovery; clientId: string; nonce: string },
  keys: JWTVerifyGetKey = keySet(expected.discovery.jwks_uri),
): Promise<JWTPayload> {
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(idToken, keys, {
      audience: expected.clientId,
      algorithms: ['RS256', 'ES256', 'PS256'],
      clockTolerance: 60,
      requiredClaims: ['iss', 'aud', 'exp', 'sub'],
    }));
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    throw new IdTokenRejected(error instanceof Error ? error.message : 'unreadable', typeof code === 'string' ? code : 'unreadable');
  }
  if (!acceptedIssuers(expected.discovery.issuer, payload.tid).includes(payload.iss ?? '')) {
    throw new IdTokenRejected('unexpected issuer', 'unexpected_issuer');
  }
  if (payload.nonce !== expected.nonce) throw new IdTokenRejected('nonce does not match this sign-in', 'nonce_mismatch');
  return payload;
}
