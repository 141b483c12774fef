import { hkdfSync } from 'node:crypto';
import { EncryptJWT, jwtDecrypt } from 'jose';
import type { z } from 'zod';
import { getConfig } from '@/lib/config';

/**
 * Encrypted, authenticated values for cookies that carry sign-in state between requests
 * (the app keeps no session of its own). Each purpose has its own key derived from
 * SESSION_SECRET, so a value sealed for one cookie can never be accepted as another.
 */

export type SealPurpose = 'email-sign-in' | 'sign-up' | 'last-login' | 'sso-flow' | 'sso-organisations';

const keys = new Map<string, Uint8Array>();

function keyFor(purpose: SealPurpose): Uint8Array {
  const secret = getConfig().sessionSecret;
  const cacheKey = `${purpose}\u0000${secret}`;
  let key = keys.get(cacheKey);
  if (!key) {
    key = new Uint8Array(hkdfSync('sha256', secret, 'desk-login', `sealed-cookie:${purpose}`, 32));
    keys.set(cacheKey, key);
  }
  return key;
}

export async function seal(purpose: SealPurpose, payload: Record<string, unknown>, lifetimeSeconds: number): Promise<string> {
  return new EncryptJWT(payload)
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
    .setIssuedAt()
    .setExpirationTime(`${Math.floor(lifetimeSeconds)}s`)
    .encrypt(keyFor(purpose));
}

/** The payload, or undefined when the value is missing, tampered with, expired or of another shape. */
export async function unseal<T>(purpose: SealPurpose, sealed: string | undefined, shape: z.ZodType<T>): Promise<T | undefined> {
  if (!sealed) return undefined;
  try {
    const { payload } = await jwtDecrypt(sealed, keyFor(purpose), {
      keyManagementAlgorithms: ['dir'],
      contentEncryptionAlgorithms: ['A256GCM'],
    });
    const parsed = shape.safeParse(payload);
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
