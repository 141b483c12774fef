import { cookies, headers } from 'next/headers';
import { getConfig } from '@/lib/platform/settings/config';
import { parseCookieHeader, type ReceivedCookies } from '@/lib/platform/cookies';
import { resolveRequestHost, type RequestHost } from '@/lib/platform/hosts';

type CookieStore = Awaited<ReturnType<typeof cookies>>;

/**
 * What a server action or route handler needs to know about the request it serves: its host,
 * the cookies as the browser sent them (a name sent twice reads as absent), and where to write.
 */
export async function requestContext(): Promise<{ host: RequestHost; received: ReceivedCookies; cookies: CookieStore }> {
  const [headerList, cookieStore] = await Promise.all([headers(), cookies()]);
  return {
    host: resolveRequestHost(headerList, getConfig().appDomains),
    received: parseCookieHeader(headerList.get('cookie')),
    cookies: cookieStore,
  };
}

/** The cookies of the request a page renders, for reading only. */
export async function receivedCookies(): Promise<ReceivedCookies> {
  return parseCookieHeader((await headers()).get('cookie'));
}
