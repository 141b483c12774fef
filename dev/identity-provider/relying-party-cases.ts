// ID tokens as a broken or hostile provider sends them, for the relying-party cases of the OpenID
// Foundation's Basic and Config RP certification plans and OIDC Core 3.1.3.7. An account
// `rp-<case>.<anything>@<domain>` signs in as usual, and the token endpoint then hands the app
// the ID token rewritten for that case. The app must refuse each one, except those marked
// `accepted`: a key set with several key types, and a token without `kid`.
import { generateKeyPairSync } from 'node:crypto';
import type { JsonWebKey } from 'node:crypto';
import { decodeJwt, importJWK, SignJWT, type JWTPayload } from 'jose';
import type { SigningJwk } from './signing-keys.ts';

type RelyingPartyCase = {
  /** What the app must do with it. */
  accepted?: true;
  rewrite(claims: JWTPayload, keys: { rsa: SigningJwk; clientId: string }): Promise<string> | string;
};

/** An EC key published beside each site's RSA key: the key set then holds two key types. */
const ecKey = (() => {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = privateKey.export({ format: 'jwk' }) as JsonWebKey;
  return { ...jwk, kid: 'local-es256', alg: 'ES256', use: 'sig' } as JsonWebKey & { kid: string; alg: 'ES256'; use: 'sig' };
})();

/** The keys each site publishes besides its RSA signing keys. */
export const additionalPublishedKeys = [ecKey];

/**
 * Keys no relying party can use, published in every site's key set beside the real ones, as the
 * OpenID Foundation's RP tests now do (RFC 7517 section 5: a key one cannot use is ignored): a
 * post-quantum-shaped key, a made-up key type, RSA and EC keys with unknown algorithms, and an EC
 * key on an unknown curve. Every sign-in of the suite then proves the app skips them.
 */
export const unusableKeys: JsonWebKey[] = (() => {
  const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ format: 'jwk' });
  const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ format: 'jwk' });
  return [
    { kty: 'AKP', alg: 'ML-DSA-99', kid: 'unusable-post-quantum', pub: Buffer.alloc(64, 7).toString('base64url') },
    { kty: 'MADE-UP', kid: 'unusable-key-type', use: 'sig' },
    { ...rsa, alg: 'RS999', kid: 'unusable-rsa-algorithm', use: 'sig' },
    { ...ec, alg: 'ES999', kid: 'unusable-ec-algorithm', use: 'sig' },
    { ...ec, crv: 'P-999', alg: 'ES256', kid: 'unusable-curve', use: 'sig' },
  ] as JsonWebKey[];
})();

async function signed(claims: JWTPayload, jwk: JsonWebKey & { alg: string }, header: { kid?: string } = {}): Promise<string> {
  const key = await importJWK(jwk as Parameters<typeof importJWK>[0], jwk.alg);
  return new SignJWT(claims).setProtectedHeader({ alg: jwk.alg, ...header }).sign(key);
}

/** Signed as the site signs, with its RSA key and kid, but with other claims. */
function resigned(change: (claims: JWTPayload, clientId: string) => JWTPayload): RelyingPartyCase['rewrite'] {
  return (claims, { rsa, clientId }) => signed(change({ ...claims }, clientId), rsa, { kid: rsa.kid });
}

function without(name: keyof JWTPayload): RelyingPartyCase['rewrite'] {
  return resigned((claims) => {
    delete claims[name];
    return claims;
  });
}

export const relyingPartyCases: Record<string, RelyingPartyCase> = {
  // Refused: the token does not prove what it says.
  'bad-signature': {
    rewrite: async (claims, { rsa }) => {
      const token = await signed(claims, rsa, { kid: rsa.kid });
      const [header, payload, signature] = token.split('.');
      const flipped = Buffer.from(signature!, 'base64url');
      flipped[0]! ^= 0xff;
      return `${header}.${payload}.${flipped.toString('base64url')}`;
    },
  },
  unsigned: {
    rewrite: (claims) => `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`,
  },
  'unknown-key': {
    rewrite: (claims) => {
      const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      return signed(claims, { ...(privateKey.export({ format: 'jwk' }) as JsonWebKey), alg: 'RS256' }, { kid: 'nobody-published-this' });
    },
  },
  'issuer-altered': { rewrite: resigned((claims) => ({ ...claims, iss: `${claims.iss}-evil` })) },
  'audience-altered': { rewrite: resigned((claims) => ({ ...claims, aud: 'another-client' })) },
  'several-audiences-foreign-azp': { rewrite: resigned((claims, clientId) => ({ ...claims, aud: [clientId, 'another-client'], azp: 'another-client' })) },
  'several-audiences-no-azp': { rewrite: resigned((claims, clientId) => ({ ...claims, aud: [clientId, 'another-client'], azp: undefined })) },
  'nonce-altered': { rewrite: resigned((claims) => ({ ...claims, nonce: 'not-this-sign-ins-nonce' })) },
  'sub-missing': { rewrite: without('sub') },
  'iat-missing': { rewrite: without('iat') },
  expired: { rewrite: resigned((claims) => ({ ...claims, iat: Math.floor(Date.now() / 1000) - 3600, exp: Math.floor(Date.now() / 1000) - 1800 })) },
  // Accepted: what a provider may well do.
  'kid-absent': { accepted: true, rewrite: (claims, { rsa }) => signed(claims, rsa) },
  'another-key-type': { accepted: true, rewrite: (claims) => signed(claims, ecKey, { kid: ecKey.kid }) },
};

/** The case an account's address asks for, if any: `rp-<case>.…@…`. */
export function relyingPartyCaseOf(email: unknown): RelyingPartyCase | undefined {
  const name = typeof email === 'string' ? /^rp-([a-z-]+)\./.exec(email)?.[1] : undefined;
  return name !== undefined && Object.hasOwn(relyingPartyCases, name) ? relyingPartyCases[name] : undefined;
}

/** The ID token the token endpoint answers with, rewritten when its account asks for a case. */
export async function idTokenForCase(idToken: string, rsa: SigningJwk): Promise<string> {
  const claims = decodeJwt(idToken);
  const relyingPartyCase = relyingPartyCaseOf(claims.email);
  if (!relyingPartyCase) return idToken;
  return relyingPartyCase.rewrite(claims, { rsa, clientId: typeof claims.aud === 'string' ? claims.aud : '' });
}
