import { clearingsOfTamperedCookies, parseCookieHeader, readCookie, tamperedCookieNames, type CookieAttributes } from '@/lib/platform/cookies';
import { writeOrganisationSignIn } from '@/lib/flows/hand-off';
import { readLastSignInMethod } from '@/lib/platform/pages/login-page-variant';
import type { RequestHost } from '@/lib/platform/hosts';

process.env.SESSION_SECRET ??= 'unit-test-secret-of-at-least-32-characters';

const host: RequestHost = { protocol: 'https', domain: 'example.com', hostname: 'web.example.com', port: '' };

describe('parseCookieHeader', () => {
  it('reads each cookie once, percent-decoded', () => {
    const received = parseCookieHeader('loginUUID=abc; currentUser=anna%40acme.test;flwSubDomain=acme');
    expect(readCookie(received, 'deviceId')).toBe('abc');
    expect(readCookie(received, 'currentUser')).toBe('anna@acme.test');
    expect(readCookie(received, 'subDomain')).toBe('acme');
    expect(received.duplicated.size).toBe(0);
  });

  it('reads a name that arrives twice as absent: a sibling host shadowed ours', () => {
    // A cookie planted for Path=/login is sent before ours (Path=/); Next would have kept the last.
    const received = parseCookieHeader('loginUUID=planted; __Host-lastLogin=sealed; loginUUID=ours');
    expect(readCookie(received, 'deviceId')).toBeUndefined();
    expect(readCookie(received, 'lastLogin')).toBe('sealed');
    expect(tamperedCookieNames(received)).toEqual(['loginUUID']);
  });

  it('counts a __Host- flow cookie sent twice as tampering too', () => {
    const received = parseCookieHeader('__Host-ssoFlow=a; __Host-ssoFlow=b');
    expect(readCookie(received, 'ssoFlow')).toBeUndefined();
    expect(tamperedCookieNames(received)).toEqual(['__Host-ssoFlow']);
  });

  it('ignores duplicates of names that are not ours', () => {
    expect(tamperedCookieNames(parseCookieHeader('_ga=1; _ga=2; loginUUID=x'))).toEqual([]);
  });

  it('survives garbage: no header, empty pairs, bad escapes, names without values', () => {
    expect(readCookie(parseCookieHeader(undefined), 'deviceId')).toBeUndefined();
    const received = parseCookieHeader(';; =x; loginUUID=%E0%A4%A; flag; __Host-lastLogin=');
    expect(readCookie(received, 'deviceId')).toBe('%E0%A4%A');
    expect(readCookie(received, 'lastLogin')).toBeUndefined();
  });
});

describe('clearingsOfTamperedCookies', () => {
  it('expires a parent-domain name on every path the request could have carried it', () => {
    const clearings = clearingsOfTamperedCookies(['loginUUID'], host, '/login/en');
    expect(clearings).toEqual(
      ['/', '/login', '/login/en'].map((path) => `loginUUID=; Domain=example.com; Path=${path}; Max-Age=0; Secure; SameSite=Lax`),
    );
  });

  it('stops four levels down, so that a deep path cannot swell the response past a proxy\'s header limit', () => {
    expect(clearingsOfTamperedCookies(['loginUUID'], host, '/login/en/invite-user/a/b/c/d')).toHaveLength(4);
  });

  it('expires a __Host- name the only way the prefix allows', () => {
    expect(clearingsOfTamperedCookies(['__Host-ssoFlow'], host, '/login/google')).toEqual([
      '__Host-ssoFlow=; Path=/; Max-Age=0; Secure; HttpOnly; SameSite=Lax',
    ]);
  });
});

describe('the method this browser signed in with last', () => {
  it.each(['email', 'google', 'microsoft'])('reads %s', (method) => {
    expect(readLastSignInMethod(parseCookieHeader(`__Host-lastSignInMethod=${method}`))).toBe(method);
  });

  it.each(['anna%40acme.test', 'Google', 'google%20', 'google,microsoft', 'constructor', '__proto__', '', '%E0%A4%A'])(
    'reads a planted %j as nothing',
    (value) => {
      expect(readLastSignInMethod(parseCookieHeader(`__Host-lastSignInMethod=${value}`))).toBeUndefined();
    },
  );

  it('trusts neither a look-alike name from the parent domain nor a name that arrives twice', () => {
    expect(readLastSignInMethod(parseCookieHeader('lastSignInMethod=google'))).toBeUndefined();
    expect(readLastSignInMethod(parseCookieHeader('__Host-lastSignInMethod=google; __Host-lastSignInMethod=email'))).toBeUndefined();
  });

  function handOff(method?: 'email' | 'google') {
    const written = new Map<string, { value: string; attributes: CookieAttributes }>();
    const writer = { set: (name: string, value: string, attributes: CookieAttributes) => written.set(name, { value, attributes }) };
    return writeOrganisationSignIn(writer, host, { subDomain: 'acme', authToken: 'token', email: 'anna@acme.test', method }).then(() => written);
  }

  it('is written by the hand-off: the method name alone, on this host only, for no script to read', async () => {
    const written = await handOff('google');
    expect(written.get('__Host-lastSignInMethod')).toEqual({
      value: 'google',
      attributes: { path: '/', maxAge: 365 * 24 * 60 * 60, httpOnly: true, secure: true, sameSite: 'lax' },
    });
  });

  it('is left as it was by a hand-off that used no method (a known device signed in again)', async () => {
    expect((await handOff()).has('__Host-lastSignInMethod')).toBe(false);
  });
});
