import { redirect } from 'next/navigation';
import { BASE_PATH } from '@/lib/vocabulary/base-path';
import { loginOrigin } from '@/lib/platform/hosts';
import type { Language } from '@/lib/platform/i18n/routing';
import { requestContext } from '@/lib/platform/request/context';

type PageHref = string | { pathname: string; query: Record<string, string> };

/**
 * A page's path in a language: every path carries its language (lib/platform/i18n/routing.ts,
 * `localePrefix: 'always'`, no translated path names). Built here rather than with next-intl's
 * createNavigation, whose module brings its client-side Link, and with it next-intl's client
 * runtime and message formatter (12 KB gzip), into the scripts of every page that imports it.
 */
export function pagePath(href: PageHref, locale: Language): string {
  const { pathname, query } = typeof href === 'string' ? { pathname: href, query: {} } : href;
  const search = new URLSearchParams(query).toString();
  return `/${locale}${pathname === '/' ? '' : pathname}${search ? `?${search}` : ''}`;
}

/**
 * Redirects from a page or a server action to a page of this app. Next adds the base path to an
 * action's redirect when script called it, but not to the 303 answering a form posted without
 * JavaScript; an absolute URL on the request's own (checked) host is right for every case.
 */
export async function redirectToPage(href: PageHref, locale: Language): Promise<never> {
  const { host } = await requestContext();
  redirect(`${loginOrigin(host)}${BASE_PATH}${pagePath(href, locale)}`);
}
