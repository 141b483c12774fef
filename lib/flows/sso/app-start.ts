import type { LoginPageError } from '@/lib/platform/backend/error-catalogue';
import { codeChallengeSchema } from './app-code';
import { isAllowedRedirectUri } from './outcome';

/**
 * Why a start route refuses an app's sign-in before the provider is asked (issue 43). Each cause
 * is at once the `outcome` of the log line and the login page's `?error=`, whose message speaks to
 * the app's developer, who is the one to read it: "may not receive sign-ins from here" is only for
 * an address outside the allowlist.
 */
export const appStartRefusals = [
  'redirect-not-allowed',
  'code-challenge-required',
  'code-challenge-malformed',
  'code-challenge-method-not-s256',
] as const satisfies readonly LoginPageError[];
export type AppStartRefusal = (typeof appStartRefusals)[number];

/** What an app's start says about where the sign-in goes and how it proves it is the app (RFC 7636). */
export type AppStart = { redirectUri?: string; codeChallenge?: string; codeChallengeMethod?: string };

export function appStartRefusal(start: AppStart, policy: { allowlist: readonly string[]; requireCodeChallenge: boolean }): AppStartRefusal | undefined {
  const { redirectUri, codeChallenge, codeChallengeMethod } = start;
  if (redirectUri !== undefined && !isAllowedRedirectUri(redirectUri, policy.allowlist)) return 'redirect-not-allowed';
  if (codeChallenge === undefined && codeChallengeMethod === undefined) {
    return redirectUri !== undefined && policy.requireCodeChallenge ? 'code-challenge-required' : undefined;
  }
  // RFC 7636 4.3: a challenge without a method is `plain`, which proves nothing to whoever read the address.
  if (codeChallenge !== undefined && codeChallengeMethod !== 'S256') return 'code-challenge-method-not-s256';
  return codeChallengeSchema.safeParse(codeChallenge).success ? undefined : 'code-challenge-malformed';
}
