// The RS256 keys that sign each provider's ID tokens. They are kept beside the certificates, so a
// restart does not invalidate keys the app has already fetched from the JWKS endpoint.
import { createHash, generateKeyPairSync } from 'node:crypto';
import type { JsonWebKey } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SiteKind } from './settings.ts';

export type SigningJwk = JsonWebKey & { kid: string; alg: 'RS256'; use: 'sig' };

// RFC 7638: the SHA-256 of the required members, in lexical order, without whitespace.
function thumbprint(jwk: JsonWebKey): string {
  return createHash('sha256').update(JSON.stringify({ e: jwk.e, kty: jwk.kty, n: jwk.n })).digest('base64url');
}

export function newSigningKey(): SigningJwk {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' });
  return { ...jwk, kid: thumbprint(jwk), alg: 'RS256', use: 'sig' };
}

function isSigningJwk(value: unknown): value is SigningJwk {
  return typeof value === 'object' && value !== null && (value as SigningJwk).kty === 'RSA' && typeof (value as SigningJwk).d === 'string';
}

const siteKinds: SiteKind[] = ['google', 'microsoft', 'keycloak', 'generic'];

export function loadOrCreateSigningKeys(directory: string): Record<SiteKind, SigningJwk> {
  const path = join(directory, 'signing-keys.json');
  let stored: Partial<Record<SiteKind, unknown>> = {};
  if (existsSync(path)) {
    try {
      stored = JSON.parse(readFileSync(path, 'utf8')) as Partial<Record<SiteKind, unknown>>;
    } catch {
      // Unreadable: made anew below.
    }
  }
  // Keys of kinds added since the file was written are made and added; the others are kept.
  const keys = Object.fromEntries(siteKinds.map((kind) => {
    const key = stored[kind];
    return [kind, isSigningJwk(key) ? key : newSigningKey()];
  })) as Record<SiteKind, SigningJwk>;
  if (siteKinds.some((kind) => keys[kind] !== stored[kind])) writeFileSync(path, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
  return keys;
}
