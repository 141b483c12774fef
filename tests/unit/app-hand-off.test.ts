import { codeChallengeOf } from '@/lib/flows/sso/app-code';
import { accountOf, appHandOffLocation, isClaimedAppLink, openAppOfHandOff, readAppHandOff, readAppOpened } from '@/lib/flows/sso/app-hand-off';
import { parseCookieHeader, type CookieAttributes } from '@/lib/platform/cookies';
import type { RequestHost } from '@/lib/platform/hosts';

// getConfig() reads this on first use.
process.env.SESSION_SECRET = 'unit-test-secret-of-at-least-32-characters';

const host: RequestHost = { protocol: 'https', domain: 'example.com', hostname: 'web.example.com', port: '' };
const signIn = { token: 'organisation-token', subDomain: 'acme' };
const codeChallenge = codeChallengeOf('a-verifier-of-the-app-that-is-long-enough-for-rfc-7636');

/** A response's cookies, as the browser would send them back. */
function cookieJar() {
  const written = new Map<string, string>();
  return {
    cookies: { set: (name: string, value: string, attributes: CookieAttributes) => (attributes.maxAge === 0 ? written.delete(name) : written.set(name, value)) },
    written,
    received: () => parseCookieHeader([...written].map(([name, value]) => `${name}=${value}`).join('; ')),
  };
}

describe('which redirect_uri is an address the app owns', () => {
  it.each([
    ['https://app.example.com/sso/done', true],
    ['HTTPS://app.example.com/sso', true],
    ['deskbooking://sso/done', false],
    ['com.example.desk:/sso', false],
    ['http://127.0.0.1:5000/sso', false],
    ['not an address', false],
  ])('%s: %s', (uri, claimed) => {
    expect(isClaimedAppLink(uri)).toBe(claimed);
  });
});

describe('the account the page names', () => {
  it('is the ID token\'s email when it has the form of an address', () => {
    expect(accountOf({ email: 'anna@acme.test', sub: '1' })).toBe('anna@acme.test');
  });

  it.each([[{}], [{ email: 42 }], [{ email: '<b>anna</b>@acme.test' }], [{ email: 'anna' }]])('is nothing for %j', (claims) => {
    expect(accountOf(claims)).toBeUndefined();
  });
});

describe('the hand-off to an app', () => {
  const base = { signIn, provider: 'google' as const, language: 'de' as const, account: 'anna@acme.test' };

  it('goes straight to a claimed https address, with the code, when no page is asked for', async () => {
    const jar = cookieJar();
    const location = await appHandOffLocation({ ...base, app: { uri: 'https://app.example.com/sso', codeChallenge }, pageFirst: false }, { host, cookies: jar.cookies });
    expect(location).toMatch(/^https:\/\/app\.example\.com\/sso\?code=[^&]+$/);
    expect(jar.written.size).toBe(0);
  });

  it.each([
    ['a custom scheme on a computer', 'deskbooking://sso/done', false],
    ['a custom scheme on a phone', 'deskbooking://sso/done', true],
    ['a claimed address on a phone', 'https://app.example.com/sso', true],
  ])('goes through the open-the-app page for %s, which finds the sign-in and its account', async (_case, uri, pageFirst) => {
    const jar = cookieJar();
    const location = await appHandOffLocation({ ...base, app: { uri, codeChallenge }, pageFirst }, { host, cookies: jar.cookies });
    expect(location).toBe('/login/de/google/open-app');
    expect([...jar.written.keys()]).toEqual(['__Host-ssoAppHandOff']);
    await expect(readAppHandOff(jar.received())).resolves.toEqual({
      id: expect.any(String),
      provider: 'google',
      appRedirectUri: uri,
      appCodeChallenge: codeChallenge,
      token: 'organisation-token',
      subDomain: 'acme',
      account: 'anna@acme.test',
    });
  });

  it('never opens a custom scheme straight away, even for an app without a challenge', async () => {
    const jar = cookieJar();
    const location = await appHandOffLocation({ ...base, app: { uri: 'deskbooking://sso/done' }, pageFirst: false }, { host, cookies: jar.cookies });
    expect(location).toBe('/login/de/google/open-app');
  });
});

describe('"Open the app" spends the hand-off (issue 41)', () => {
  const base = { signIn, provider: 'google' as const, language: 'en' as const, account: 'anna@acme.test', pageFirst: false };
  const app = { uri: 'deskbooking://sso/done', codeChallenge };

  it('mints the code once: a second open, as after a reload or Back, finds nothing and mints nothing', async () => {
    const jar = cookieJar();
    await appHandOffLocation({ ...base, app }, { host, cookies: jar.cookies });
    const waiting = jar.received();

    const opened = await openAppOfHandOff({ host, cookies: jar.cookies, received: waiting });
    expect(opened).toMatch(/^deskbooking:\/\/sso\/done\?code=[^&]+$/);
    // Issue 49: what stays is a mark that the app was opened, for the page to say so; it opens nothing.
    await expect(readAppHandOff(jar.received())).resolves.toBeUndefined();
    await expect(readAppOpened(jar.received())).resolves.toEqual({ provider: 'google' });
    await expect(openAppOfHandOff({ host, cookies: jar.cookies, received: jar.received() })).resolves.toBeUndefined();
    await expect(readAppOpened(jar.received())).resolves.toEqual({ provider: 'google' });
    // The same cookie sent again, as a replaying browser or another instance would see it: spent for the fleet.
    await expect(openAppOfHandOff({ host, cookies: jar.cookies, received: waiting })).resolves.toBeUndefined();
  });

  it('opens each waiting hand-off once, and another one still', async () => {
    const first = cookieJar();
    await appHandOffLocation({ ...base, app }, { host, cookies: first.cookies });
    const second = cookieJar();
    await appHandOffLocation({ ...base, app }, { host, cookies: second.cookies });
    await expect(openAppOfHandOff({ host, cookies: first.cookies, received: first.received() })).resolves.toMatch(/\?code=/);
    await expect(openAppOfHandOff({ host, cookies: second.cookies, received: second.received() })).resolves.toMatch(/\?code=/);
  });

  it('leaves the control centre\'s shared cookie only when the app is opened, never while the page asks', async () => {
    const jar = cookieJar();
    const location = await appHandOffLocation({ ...base, app, signIn: { token: 'control-centre-jwt' }, controlCentre: true }, { host, cookies: jar.cookies });
    expect(location).toBe('/login/en/google/open-app');
    // While the page asks (and after Cancel, which clears the hand-off): no shared cookie.
    expect([...jar.written.keys()]).toEqual(['__Host-ssoAppHandOff']);

    await openAppOfHandOff({ host, cookies: jar.cookies, received: jar.received() });
    expect(jar.written.get('sharedJWT')).toBe('control-centre-jwt');
    await expect(readAppOpened(jar.received())).resolves.toEqual({ provider: 'google' });
  });

  it('writes no shared cookie for an organisation\'s sign-in', async () => {
    const jar = cookieJar();
    await appHandOffLocation({ ...base, app }, { host, cookies: jar.cookies });
    await openAppOfHandOff({ host, cookies: jar.cookies, received: jar.received() });
    expect(jar.written.has('sharedJWT')).toBe(false);
  });

  it('writes the shared cookie at once where a claimed address is opened without a page', async () => {
    const jar = cookieJar();
    await appHandOffLocation({ ...base, app: { uri: 'https://app.example.com/sso', codeChallenge }, signIn: { token: 'control-centre-jwt' }, controlCentre: true }, { host, cookies: jar.cookies });
    expect([...jar.written.entries()]).toEqual([['sharedJWT', 'control-centre-jwt']]);
  });
});
