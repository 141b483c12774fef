import { readCookie, type ReceivedCookies } from '@/lib/platform/cookies';
import { isLanguage, type Language } from '@/lib/platform/i18n/routing';
import { PRERENDERED_LOGIN_SEGMENT } from '@/lib/platform/pages/login-page-rewrite';
import { signInMethod, type SignInMethod } from '@/lib/vocabulary/sign-in-method';

/**
 * Which login page a request gets (docs/decisions.md, Pages, forms and scripts): one prerendered
 * per language and last-used method, unless the request needs the server to render it.
 */
export const LAST_USED_NONE = 'none';
export const lastUsedVariants = [LAST_USED_NONE, ...signInMethod.options] as const;
export type LastUsedVariant = (typeof lastUsedVariants)[number];

export type LoginPageRequest = {
  method: string;
  /** Below the base path, as proxy.ts sees it. */
  pathname: string;
  query: URLSearchParams;
  received: ReceivedCookies;
};

export type PrerenderedLogin = { variant: LastUsedVariant; path: string };

/**
 * The prerendered variant for a load of the login page, with its path below the base path, or
 * undefined when the page must be rendered for this request: a form post, an `?error=` to show,
 * an address kept for this browser.
 */
export function prerenderedLogin(request: LoginPageRequest): PrerenderedLogin | undefined {
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
  const language = loginPageLanguage(request.pathname);
  if (!language) return undefined;
  if (request.query.has('error') || readCookie(request.received, 'keptAddress') !== undefined) return undefined;
  const lastUsed: SignInMethod | undefined = readLastSignInMethod(request.received);
  const variant = lastUsed ?? LAST_USED_NONE;
  return { variant, path: `/${language}/${PRERENDERED_LOGIN_SEGMENT}/${variant}` };
}

/** Whether a browser asked for a prerendered page's own path, which is no address of ours. */
export function isPrerenderedLoginPath(pathname: string): boolean {
  const [language, segment] = pathname.split('/').filter(Boolean);
  return isLanguage(language ?? '') && segment === PRERENDERED_LOGIN_SEGMENT;
}

function loginPageLanguage(pathname: string): Language | undefined {
  const segments = pathname.split('/').filter(Boolean);
  return segments.length === 1 && isLanguage(segments[0]) ? segments[0] : undefined;
}

/**
 * The method this browser signed in with last, or nothing. Plain text, not sealed: it is no
 * secret, and anything but one of the method names reads as nothing, so a value planted on this
 * host (the `__Host-` prefix keeps sibling hosts out) can at most reorder the login page.
 */
export function readLastSignInMethod(received: ReceivedCookies): SignInMethod | undefined {
  const parsed = signInMethod.safeParse(readCookie(received, 'lastSignInMethod'));
  return parsed.success ? parsed.data : undefined;
}
