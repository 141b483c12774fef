import type { BackendResult } from '@/lib/backend/client';
import type { SsoSignIn } from '@/lib/backend/auth';
import { ssoLoginError, type SsoError } from '@/lib/backend/error-catalogue';

/** Where a single sign-on ends, decided from ssoLogin's answer (specification section 4). */
export type SsoOutcome =
  | { kind: 'login-error'; error: SsoError }
  | { kind: 'one-time-code-page' }
  | { kind: 'organisation'; subDomain: string; token: string }
  | { kind: 'picker'; organisations: { subDomain: string; token: string }[] }
  | { kind: 'control-centre'; path: string; token: string }
  | { kind: 'control-centre-error'; path: string };

const controlCentrePaths: Record<string, string> = {
  ROLE_MFA_USER: '/cc/mfa/select-mfa',
  ROLE_MANAGER: '/cc/dashboard/real-time',
};

export function controlCentrePath(role: string): string {
  return controlCentrePaths[role] ?? '/cc/premises';
}

export function decideSsoOutcome(result: BackendResult<SsoSignIn>, tokenType: string | undefined): SsoOutcome {
  const forControlCentre = tokenType === 'jwt';
  if (!result.ok) {
    if (forControlCentre) {
      const code = result.failure.kind === 'code' ? result.failure.code : 'UNKNOWN';
      return { kind: 'control-centre-error', path: `/cc/?error=${encodeURIComponent(code)}` };
    }
    const error = ssoLoginError(result.failure);
    return error === 'totp' ? { kind: 'one-time-code-page' } : { kind: 'login-error', error };
  }

  const signIn = result.value;
  if (signIn.kind === 'controlCentre') {
    return forControlCentre
      ? { kind: 'control-centre', path: controlCentrePath(signIn.role), token: signIn.token }
      : { kind: 'login-error', error: 'unknown' };
  }
  const [only, ...others] = signIn.organisations;
  if (only && others.length === 0) return { kind: 'organisation', ...only };
  return { kind: 'picker', organisations: signIn.organisations };
}

/**
 * Whether `redirect_uri` lies under one of the configured prefixes: same scheme and host (and
 * port), and a path that starts with the prefix's path. A bare string prefix would let
 * `https://app.example.com.evil.com` pass for `https://app.example.com`.
 */
export function isAllowedRedirectUri(candidate: string, allowlist: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return false;
  }
  if (url.username || url.password || /^(javascript|data|vbscript|file):$/i.test(url.protocol)) return false;
  return allowlist.some((entry) => {
    let prefix: URL;
    try {
      prefix = new URL(entry);
    } catch {
      return false;
    }
    return url.protocol === prefix.protocol && url.host === prefix.host && url.pathname.startsWith(prefix.pathname);
  });
}

/** The allowed app address with the token (and organisation) as query parameters (contracts.md §5). */
export function appRedirectLocation(appRedirectUri: string, token: string, subDomain?: string): string {
  const url = new URL(appRedirectUri);
  url.searchParams.set('token', token);
  if (subDomain) url.searchParams.set('subDomain', subDomain);
  return url.toString();
}
