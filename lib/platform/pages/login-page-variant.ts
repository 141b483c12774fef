import { readCookie, type ReceivedCookies } from '@/lib/platform/cookies';
import { isLanguage, type Language } from '@/lib/platform/i18n/routing';
import { PRERENDERED_LOGIN_SEGMENT } from '@/lib/platform/pages/login-page-rewrite';
import { providerIds, type ProviderId } from '@/lib/vocabulary/providers';
import { signInMethod, type SignInMethod } from '@/lib/vocabulary/sign-in-method';

/**
 * Which login page a request gets (docs/decisions.md, Pages, forms and scripts): one prerendered
 * per language, last-used method and set of offered providers, unless the request needs the
 * server to render it. The providers a deployment offers are a setting of the running server, so
 * every set is prerendered and the proxy picks the deployment's.
 */
export const LAST_USED_NONE = 'none';

/** What a prerendered login page shows: the method used last (offered first), and the providers offered. */
export type LoginPageVariant = { lastUsed: SignInMethod | undefined; offered: ProviderId[] };

/** A variant as one path segment: the method used last, then the offered providers, e.g. `none.google.microsoft`. */
export function variantSegment({ lastUsed, offered }: LoginPageVariant): string {
  return [lastUsed ?? LAST_USED_NONE, ...providerIds.filter((id) => offered.includes(id))].join('.');
}

export function variantOfSegment(segment: string): LoginPageVariant | undefined {
  const [lastUsed = '', ...offered] = segment.split('.');
  const variant = { lastUsed: lastUsed === LAST_USED_NONE ? undefined : signInMethod.safeParse(lastUsed).data, offered: offered.filter((id): id is ProviderId => (providerIds as readonly string[]).includes(id)) };
  return variantSegment(variant) === segment ? variant : undefined;
}

/** Every variant: each set of providers, with each method that set can show as used last. */
export function loginPageVariants(): LoginPageVariant[] {
  const sets = providerIds.reduce<ProviderId[][]>((subsets, id) => [...subsets, ...subsets.map((subset) => [...subset, id])], [[]]);
  return sets.flatMap((offered) => [undefined, 'email' as const, ...offered].map((lastUsed) => ({ lastUsed, offered })));
}

export type LoginPageRequest = {
  method: string;
  /** The providers this deployment offers (configuredProviders). */
  offered: readonly ProviderId[];
  /** Below the base path, as proxy.ts sees it. */
  pathname: string;
  query: URLSearchParams;
  received: ReceivedCookies;
};

export type PrerenderedLogin = { variant: string; path: string };

/**
 * The prerendered variant for a load of the login page, with its path below the base path, or
 * undefined when the page must be rendered for this request: a form post, an `?error=` to show,
 * an address kept for this browser.
 */
export function prerenderedLogin(request: LoginPageRequest): PrerenderedLogin | undefined {
  const load = loginPageLoad(request);
  if (!load || request.query.has('error')) return undefined;
  const variant = variantSegment(load.variant);
  return { variant, path: `/${load.language}/${PRERENDERED_LOGIN_SEGMENT}/${variant}` };
}

/**
 * A load of the login page that shows the page of `variant` in `language`: undefined for a form
 * post, another page, or an address kept for this browser, which the page is rendered to show.
 */
export function loginPageLoad(request: LoginPageRequest): { language: Language; variant: LoginPageVariant } | undefined {
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
  const language = loginPageLanguage(request.pathname);
  if (!language || readCookie(request.received, 'keptAddress') !== undefined) return undefined;
  const lastUsed = readLastSignInMethod(request.received);
  // A provider used last that this deployment no longer offers is no method to put first.
  const shown = lastUsed === 'email' || request.offered.some((id) => id === lastUsed) ? lastUsed : undefined;
  return { language, variant: { lastUsed: shown, offered: [...request.offered] } };
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
