import { cookies, headers } from 'next/headers';
import { isValidId } from '@/lib/backend/auth';
import { parseCookieHeader, type CookieAttributes } from '@/lib/cookies';
import { checkEmailSignIn, readEmailSignIn, startWaitingForLink } from '@/lib/email-sign-in';
import type { RequestHost } from '@/lib/hosts';

/** The e-mail wait (lib/email-sign-in.ts): the state a link request leaves, and the poll that hands off once the link is opened. */

jest.mock('next/headers', () => ({ headers: jest.fn(), cookies: jest.fn() }));
jest.mock('@/lib/backend/auth', () => ({ isValidId: jest.fn() }));

process.env.SESSION_SECRET ??= 'unit-test-secret-of-at-least-32-characters';
process.env.BACKEND_URL ??= 'http://127.0.0.1:1';
process.env.APP_DOMAINS ??= 'desk.test';

const host: RequestHost = { protocol: 'https', domain: 'desk.test', hostname: 'web.desk.test', port: '' };

/** A browser's cookie jar, as Next's cookie store writes to it and the next request sends it back. */
function browserJar() {
  const jar = new Map<string, { value: string; attributes: CookieAttributes }>();
  return {
    jar,
    set(name: string, value: string, attributes: CookieAttributes) {
      if (attributes.maxAge === 0) jar.delete(name);
      else jar.set(name, { value, attributes });
    },
    header: () => [...jar].map(([name, { value }]) => `${name}=${encodeURIComponent(value)}`).join('; '),
  };
}

function requestFrom(jar: ReturnType<typeof browserJar>) {
  jest.mocked(headers).mockResolvedValue(new Headers({ host: 'web.desk.test', 'x-forwarded-proto': 'https', cookie: jar.header() }) as never);
  jest.mocked(cookies).mockResolvedValue(jar as never);
}

describe('the e-mail wait', () => {
  beforeEach(() => jest.mocked(isValidId).mockReset());

  it('starting the wait keeps the link, the address and the device, sealed in a host-only cookie', async () => {
    const jar = browserJar();
    await startWaitingForLink(jar, host, { uuid: 'link-1', email: 'anna@acme.test', fromSignUp: false, deviceId: 'device-1' });
    const [name, cookie] = [...jar.jar][0]!;
    expect(name).toBe('__Host-emailSignIn');
    expect(cookie.value).not.toContain('anna');
    expect(cookie.attributes).toMatchObject({ httpOnly: true, secure: true, path: '/' });
    expect(cookie.attributes.domain).toBeUndefined();
    const state = await readEmailSignIn(parseCookieHeader(jar.header()));
    expect(state).toMatchObject({ uuid: 'link-1', email: 'anna@acme.test', deviceId: 'device-1', fromSignUp: false });
  });

  it('waits while the link is unopened, says so when the backend cannot tell, and asks with the device the link was requested on', async () => {
    const jar = browserJar();
    await startWaitingForLink(jar, host, { uuid: 'link-2', email: 'anna@acme.test', fromSignUp: false, deviceId: 'device-2' });
    requestFrom(jar);
    jest.mocked(isValidId).mockResolvedValueOnce({ ok: true, value: { confirmed: false } });
    await expect(checkEmailSignIn()).resolves.toEqual({ state: 'pending' });
    jest.mocked(isValidId).mockResolvedValueOnce({ ok: false, failure: { kind: 'unavailable' } });
    await expect(checkEmailSignIn()).resolves.toEqual({ state: 'unavailable' });
    expect(jest.mocked(isValidId).mock.calls).toEqual([
      ['link-2', 'device-2'],
      ['link-2', 'device-2'],
    ]);
    expect(jar.jar.has('__Host-emailSignIn')).toBe(true);
  });

  it('once the link is opened, hands off to the organisation and forgets the wait', async () => {
    const jar = browserJar();
    await startWaitingForLink(jar, host, { uuid: 'link-3', email: 'anna@acme.test', fromSignUp: false, deviceId: 'device-3' });
    requestFrom(jar);
    jest.mocked(isValidId).mockResolvedValueOnce({ ok: true, value: { confirmed: true, subDomain: 'acme', authToken: 'token-3' } });
    await expect(checkEmailSignIn()).resolves.toEqual({ state: 'signed-in', location: 'https://acme.desk.test/' });
    expect(jar.jar.has('__Host-emailSignIn')).toBe(false);
    expect(jar.jar.get('acmeAccessToken')?.value).toBe('token-3');
    expect(jar.jar.get('__Host-lastSignInMethod')?.value).toBe('email');
  });

  it('fifteen minutes after the newest link, the wait is over without asking the backend', async () => {
    const jar = browserJar();
    await startWaitingForLink(jar, host, { uuid: 'link-4', email: 'anna@acme.test', fromSignUp: false, deviceId: 'device-4' });
    requestFrom(jar);
    jest.useFakeTimers({ now: Date.now() + 15 * 60_000 + 1_000, doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    try {
      await expect(checkEmailSignIn()).resolves.toEqual({ state: 'expired' });
    } finally {
      jest.useRealTimers();
    }
    expect(isValidId).not.toHaveBeenCalled();
  });

  it('without a wait, or with a state sealed by someone else, there is nothing to ask the backend', async () => {
    const jar = browserJar();
    requestFrom(jar);
    await expect(checkEmailSignIn()).resolves.toEqual({ state: 'expired' });
    jar.set('__Host-emailSignIn', 'not-a-sealed-value', { path: '/', maxAge: 60, httpOnly: true, secure: true, sameSite: 'lax' });
    requestFrom(jar);
    await expect(checkEmailSignIn()).resolves.toEqual({ state: 'expired' });
    expect(isValidId).not.toHaveBeenCalled();
  });
});
