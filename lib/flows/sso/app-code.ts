import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { sharedLimit } from '@/lib/platform/shared-store/store';
import { seal, unseal } from '@/lib/platform/sealed';

/**
 * A sign-in handed to an app (`redirect_uri`) that proved it holds a secret (RFC 7636, PKCE
 * S256): the app's address receives a short-lived one-time `code`, never the token, and only
 * the holder of the matching `code_verifier` can redeem it. On a phone any app can register the
 * same custom scheme and read what is sent to it; without the verifier the code is worth nothing.
 */

/** How long a code may wait to be redeemed: the app receives it within a second or two. */
export const APP_CODE_LIFETIME_SECONDS = 60;

/** `code_challenge` of the S256 method: the base64url SHA-256 of the verifier, 43 characters. */
export const codeChallengeSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

/** RFC 7636 4.1: 43 to 128 unreserved characters. */
const codeVerifierSchema = z.string().regex(/^[A-Za-z0-9._~-]{43,128}$/);

/** The app a sign-in is handed to: its allowed address, and its challenge when it sent one. */
export type AppRedirect = { uri: string; codeChallenge?: string };

export type AppSignIn = { token: string; subDomain?: string };

const appCodeState = z.object({
  id: z.string(),
  codeChallenge: codeChallengeSchema,
  token: z.string(),
  subDomain: z.string().optional(),
});

export function codeChallengeOf(codeVerifier: string): string {
  return createHash('sha256').update(codeVerifier).digest('base64url');
}

/**
 * Each code redeems once in the whole fleet (lib/platform/shared-store/), marked until it would expire
 * anyway. While the store cannot say whether it was redeemed, it is not: the app is told to try
 * again (SharedStateUnavailable), and a mark Redis makes after that is taken back.
 */
const redemptions = sharedLimit('app_codes', { points: 1, durationSeconds: APP_CODE_LIFETIME_SECONDS, whenUnreachable: 'fail-closed' });

/** The address the app is sent to: with a one-time code when it sent a challenge, else with the token itself. */
export async function appRedirectLocation(app: AppRedirect, signIn: AppSignIn): Promise<string> {
  const url = new URL(app.uri);
  if (app.codeChallenge) {
    const state = { id: randomUUID(), codeChallenge: app.codeChallenge, ...signIn };
    url.searchParams.set('code', await seal('app-code', state, APP_CODE_LIFETIME_SECONDS));
    return url.toString();
  }
  url.searchParams.set('token', signIn.token);
  if (signIn.subDomain) url.searchParams.set('subDomain', signIn.subDomain);
  return url.toString();
}

/**
 * The sign-in behind a code, once, for the verifier whose challenge it was minted for; else
 * nothing. Throws SharedStateUnavailable while the fleet's store does not answer.
 */
export async function redeemAppCode(code: string, codeVerifier: string): Promise<AppSignIn | undefined> {
  if (!codeVerifierSchema.safeParse(codeVerifier).success) return undefined;
  const state = await unseal('app-code', code, appCodeState);
  if (!state) return undefined;
  const expected = Buffer.from(state.codeChallenge);
  const given = Buffer.from(codeChallengeOf(codeVerifier));
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  if (!(await redemptions.spend(state.id)).allowed) return undefined;
  return { token: state.token, ...(state.subDomain ? { subDomain: state.subDomain } : {}) };
}
