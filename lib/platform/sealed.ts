import { createHmac, hkdfSync } from 'node:crypto';
import { EncryptJWT, jwtDecrypt } from 'jose';
import type { z } from 'zod';
import { getConfig } from '@/lib/platform/settings/config';

/**
 * Encrypted, authenticated values for cookies that carry sign-in state between requests
 * (the app keeps no session of its own). Each purpose has its own key derived from
 * SESSION_SECRET, so a value sealed for one cookie can never be accepted as another.
 */

export type SealPurpose =
  | 'email-sign-in'
  | 'link-confirmed-here'
  | 'signed-in-with-link'
  | 'sign-up'
  | 'kept-address'
  | 'last-login'
  | 'sso-flow'
  | 'sso-organisations'
  | 'sso-organisation-chosen'
  | 'sso-app-hand-off'
  | 'sso-app-opened'
  | 'app-code'
  | 'link-decline';

/** Keyed digests, each purpose under a key of its own beside the sealing keys. */
type DigestPurpose = 'link-code' | 'device-binding' | 'shared-store' | 'secret-id';

const keys = new Map<string, Uint8Array<ArrayBuffer>>();

function keyFor(purpose: SealPurpose | DigestPurpose, secret = getConfig().sessionSecret, use = 'sealed-cookie'): Uint8Array<ArrayBuffer> {
  const info = `${use}:${purpose}`;
  const cacheKey = `${info}\u0000${secret}`;
  let key = keys.get(cacheKey);
  if (!key) {
    key = new Uint8Array(hkdfSync('sha256', secret, 'desk-login', info, 32));
    keys.set(cacheKey, key);
  }
  return key;
}

/**
 * Names a secret (SESSION_SECRET unless told) by a digest that tells nothing of it, so that what
 * was derived under it can say which one that was.
 */
export function secretName(secret = getConfig().sessionSecret): string {
  return digest('secret-id', 'session-secret', secret).subarray(0, 12).toString('base64url');
}

/**
 * HMAC-SHA-256 of `value` for `purpose`: under SESSION_SECRET first, then under the previous one
 * while it is still configured, so a digest taken before a rotation still compares equal. Given
 * `takenUnder` (a secretName), the previous secret counts only when it is that one: a digest first
 * taken after the rotation never compares equal under the former secret.
 */
export function digests(purpose: DigestPurpose, value: string, takenUnder?: string): Buffer[] {
  const { sessionSecret, previousSessionSecret } = getConfig();
  const previous = previousSessionSecret && (takenUnder === undefined || takenUnder === secretName(previousSessionSecret)) ? [previousSessionSecret] : [];
  return [sessionSecret, ...previous].map((secret) => digest(purpose, value, secret));
}

/** HMAC-SHA-256 of `value` for `purpose` under SESSION_SECRET alone: what a rotation may start afresh. */
export function digest(purpose: DigestPurpose, value: string, secret = getConfig().sessionSecret): Buffer {
  return createHmac('sha256', keyFor(purpose, secret, 'digest')).update(value).digest();
}

// Imported once per key: jose would otherwise import a raw key into WebCrypto on every call
// (0.1 ms each, on a page that opens two cookies).
const cryptoKeys = new Map<string, Promise<CryptoKey>>();

function sealingKey(purpose: SealPurpose, secret = getConfig().sessionSecret): Promise<CryptoKey> {
  const cacheKey = `${purpose}\u0000${secret}`;
  let key = cryptoKeys.get(cacheKey);
  if (!key) {
    key = crypto.subtle.importKey('raw', keyFor(purpose, secret), { name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
    cryptoKeys.set(cacheKey, key);
  }
  return key;
}

export async function seal(purpose: SealPurpose, payload: Record<string, unknown>, lifetimeSeconds: number): Promise<string> {
  return new EncryptJWT(payload)
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
    .setIssuedAt()
    .setExpirationTime(`${Math.floor(lifetimeSeconds)}s`)
    .encrypt(await sealingKey(purpose));
}

async function open(sealed: string, key: CryptoKey) {
  try {
    const { payload } = await jwtDecrypt(sealed, key, { keyManagementAlgorithms: ['dir'], contentEncryptionAlgorithms: ['A256GCM'] });
    return payload;
  } catch {
    return undefined;
  }
}

/**
 * The payload, or undefined when the value is missing, tampered with, expired or of another
 * shape. During a rotation of SESSION_SECRET, values sealed with the previous one still open.
 */
export async function unseal<T>(purpose: SealPurpose, sealed: string | undefined, shape: z.ZodType<T>): Promise<T | undefined> {
  if (!sealed) return undefined;
  const { previousSessionSecret } = getConfig();
  const payload =
    (await open(sealed, await sealingKey(purpose))) ??
    (previousSessionSecret ? await open(sealed, await sealingKey(purpose, previousSessionSecret)) : undefined);
  const parsed = shape.safeParse(payload);
  return parsed.success ? parsed.data : undefined;
}
