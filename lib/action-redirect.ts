import { redirect } from 'next/navigation';
import { loginOrigin } from '@/lib/hosts';
import { getPathname } from '@/lib/i18n/navigation';
import type { Language } from '@/lib/i18n/routing';
import { requestContext } from '@/lib/request-context';

/** The app's base path (next.config.mjs). */
export const BASE_PATH = '/login';

type PageHref = Parameters<typeof getPathname>[0]['href'];

/**
 * Redirects from a server action to a page of this app. Next adds the base path to an action's
 * redirect when script called it, but not to the 303 answering a form posted without
 * JavaScript; an absolute URL on the request's own (checked) host is right for both.
 */
export async function redirectToPage(href: PageHref, locale: Language): Promise<never> {
  const { host } = await requestContext();
  redirect(`${loginOrigin(host)}${BASE_PATH}${getPathname({ href, locale })}`);
}
