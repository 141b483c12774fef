import { cookies, headers } from 'next/headers';
import { getConfig } from '@/lib/config';
import { resolveRequestHost, type RequestHost } from '@/lib/hosts';

type CookieStore = Awaited<ReturnType<typeof cookies>>;

/** What a server action or route handler needs to know about the request it serves. */
export async function requestContext(): Promise<{ host: RequestHost; cookies: CookieStore }> {
  const [headerList, cookieStore] = await Promise.all([headers(), cookies()]);
  return { host: resolveRequestHost(headerList, getConfig().appDomains), cookies: cookieStore };
}
