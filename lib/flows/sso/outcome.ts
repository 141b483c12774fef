import type { BackendResult } from '@/lib/platform/backend/client';
import type { OfferedOrganisation, SsoSignIn } from '@/lib/platform/backend/auth';
import { ssoErrorPage, ssoLoginError, type SsoError, type SsoErrorPage } from '@/lib/platform/backend/error-catalogue';

/** Where a single sign-on ends, decided from ssoLogin's answer (docs/product.md, Single sign-on). */
export type SsoOutcome =
  | { kind: 'login-error'; error: SsoError }
  | { kind: 'error-page'; page: SsoErrorPage }
  | { kind: 'organisation'; subDomain: string; token: string }
  | { kind: 'picker'; organisations: OfferedOrganisation[] }
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
    const page = ssoErrorPage(error);
    return page ? { kind: 'error-page', page } : { kind: 'login-error', error };
  }

  const signIn = result.value;
  if (signIn.kind === 'controlCentre') {
    return forControlCentre
      ? { kind: 'control-centre', path: controlCentrePath(signIn.role), token: signIn.token }
      : { kind: 'login-error', error: 'unknown' };
  }
  const [only, ...others] = signIn.organisations;
  if (only && others.length === 0) return { kind: 'organisation', subDomain: only.subDomain, token: only.token };
  return { kind: 'picker', organisations: signIn.organisations };
}

/**
 * What URL parsing resolves or drops before any comparison could see it, so it is looked for in
 * the string the client sent: dot segments, plain or percent-encoded; encoded slashes and
 * backslashes, which the host behind may decode into separators; semicolons, plain or encoded,
 * since a servlet container drops a segment's parameters and so reads `..;` as `..`; an encoded
 * percent sign, which a host that decodes twice turns into any of these; backslashes, which
 * browsers read as slashes; and whitespace and control characters, which parsing silently removes.
 */
const DOT_SEGMENT_OR_ENCODED_SEPARATOR = /%2e|%2f|%5c|%3b|%25|;|(?:^|\/)\.\.?(?:\/|$)/i;
const BACKSLASH_WHITESPACE_OR_CONTROL = /[\\\s\u0000-\u001f\u007f]/;

/**
 * The place (scheme, host, path) must be printable ASCII, and what it encodes too (issue 48): a
 * host behind that folds Unicode reads a fullwidth `．` or a one-dot leader `․` as `.`, raw or
 * encoded in UTF-8 (every byte from %80 up), and one that decodes reads `%00` or `%09` as a control
 * character that ends or vanishes from the path. A registered address is plain ASCII.
 */
const BEYOND_PRINTABLE_ASCII = /[^\x21-\x7e]|%(?:[01][0-9a-f]|7f|[89a-f][0-9a-f])/i;

/** Schemes that run or embed content wherever they are opened. */
const SCRIPT_SCHEME = /^(?:javascript|data|vbscript|file|blob):$/i;

function parsedUrl(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

/**
 * Whether `redirect_uri` may receive a token (docs/decisions.md, Single sign-on): the scheme, host and port of an
 * allowlist entry exactly, and the entry's path or a path below it at a `/`, so `/app` allows
 * `/app` and `/app/cb` but never `/app-evil`, and `deskbooking://sso` never `deskbooking://ssox`.
 * A bare string prefix would also let `https://app.example.com.evil.com` pass.
 */
export function isAllowedRedirectUri(candidate: string, allowlist: readonly string[]): boolean {
  // The query and fragment are the app's own business; only what names the place is checked raw.
  const [place = ''] = candidate.split(/[?#]/, 1);
  if (BACKSLASH_WHITESPACE_OR_CONTROL.test(candidate) || DOT_SEGMENT_OR_ENCODED_SEPARATOR.test(place) || BEYOND_PRINTABLE_ASCII.test(place)) return false;
  const url = parsedUrl(candidate);
  if (!url || url.username || url.password || SCRIPT_SCHEME.test(url.protocol)) return false;
  // An empty segment: a host behind that redirects to its own path would send `//evil.com` away.
  if (url.pathname.includes('//')) return false;
  return allowlist.some((entry) => {
    const prefix = parsedUrl(entry);
    if (!prefix || url.protocol !== prefix.protocol || url.host !== prefix.host) return false;
    const below = prefix.pathname.endsWith('/') ? prefix.pathname : `${prefix.pathname}/`;
    return url.pathname === prefix.pathname || url.pathname.startsWith(below);
  });
}
