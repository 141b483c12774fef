import { cookies, headers } from 'next/headers';
import { parseCookieHeader, type CookieAttributes } from '@/lib/platform/cookies';

/**
 * What a server action under test sees of its request, for test files that mock `next/headers`
 * (`jest.mock('next/headers', () => ({ headers: jest.fn(), cookies: jest.fn() }))`).
 */

/** A browser's cookies as Next's cookie store writes them; `send` makes the next request carry them. */
export function browserCookies() {
  const jar = new Map<string, string>();
  const store = {
    set(name: string, value: string, attributes: CookieAttributes) {
      if (attributes.maxAge === 0) jar.delete(name);
      else jar.set(name, value);
    },
  };
  const header = () => [...jar].map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('; ');
  /** The next request: with these cookies (or the ones given, say from before), writing to this jar. */
  const send = (cookieHeader = header()) => {
    jest.mocked(headers).mockResolvedValue(
      new Headers({ host: 'web.desk.test', 'x-forwarded-proto': 'https', 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64)', cookie: cookieHeader }) as never,
    );
    jest.mocked(cookies).mockResolvedValue(store as never);
  };
  return { jar, store, header, send, received: () => parseCookieHeader(header()) };
}

export function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

/** Where an action that redirects (Next's redirect, mocked to throw with `location`) sends the browser. */
export async function redirected(action: Promise<unknown>): Promise<string> {
  const error = await action.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof Error) || !('location' in error)) throw new Error(`no redirect, but ${String(error)}`);
  return String(error.location);
}
