import { parseCookieHeader, type CookieAttributes } from '@/lib/cookies';
import { earnedDeviceId, forgetThisBrowser, readLastLogin, writeOrganisationSignIn } from '@/lib/hand-off';
import type { RequestHost } from '@/lib/hosts';

/** The hand-off's cookies (lib/hand-off.ts): which device id a later arrival may trust, and what signing out forgets. */

process.env.SESSION_SECRET ??= 'unit-test-secret-of-at-least-32-characters';
process.env.BACKEND_URL ??= 'http://127.0.0.1:1';
process.env.APP_DOMAINS ??= 'desk.test';

const host: RequestHost = { protocol: 'https', domain: 'desk.test', hostname: 'web.desk.test', port: '' };

function jar() {
  const written = new Map<string, { value: string; attributes: CookieAttributes }>();
  return {
    written,
    set: (name: string, value: string, attributes: CookieAttributes) => void written.set(name, { value, attributes }),
    header: (overrides: Record<string, string | undefined> = {}) => {
      const values = { ...Object.fromEntries([...written].filter(([, cookie]) => cookie.attributes.maxAge > 0).map(([name, cookie]) => [name, cookie.value])), ...overrides };
      return Object.entries(values)
        .filter((entry): entry is [string, string] => entry[1] !== undefined)
        .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
        .join('; ');
    },
  };
}

describe('the device id a later arrival may trust', () => {
  it('is the one written at a completed hand-off, beside its host-only binding', async () => {
    const browser = jar();
    await writeOrganisationSignIn(browser, host, { subDomain: 'acme', authToken: 't', deviceId: 'device-1' });
    expect(browser.written.get('loginUUID')?.attributes.domain).toBe('desk.test');
    expect(browser.written.get('__Host-deviceBinding')?.attributes).toMatchObject({ httpOnly: true, secure: true, path: '/' });
    expect(browser.written.get('__Host-deviceBinding')?.attributes.domain).toBeUndefined();
    expect(browser.written.get('__Host-deviceBinding')?.value).not.toContain('device-1');
    expect(earnedDeviceId(parseCookieHeader(browser.header()))).toEqual({ deviceId: 'device-1' });
  });

  it('is none when a sibling host replaced loginUUID, when the binding is missing, or belongs to another id', async () => {
    const victim = jar();
    await writeOrganisationSignIn(victim, host, { subDomain: 'acme', authToken: 't', deviceId: 'device-victim' });
    const attacker = jar();
    await writeOrganisationSignIn(attacker, host, { subDomain: 'evil', authToken: 'e', deviceId: 'device-attacker' });

    expect(earnedDeviceId(parseCookieHeader(victim.header({ loginUUID: 'device-attacker' })))).toEqual({ deviceId: undefined, refused: 'mismatch' });
    expect(earnedDeviceId(parseCookieHeader(victim.header({ '__Host-deviceBinding': undefined })))).toEqual({ deviceId: undefined, refused: 'unbound' });
    const attackersPair = { loginUUID: 'device-attacker', '__Host-deviceBinding': attacker.written.get('__Host-deviceBinding')!.value };
    // Its own pair works only in the attacker's own jar: no sibling host can write a __Host- cookie.
    expect(earnedDeviceId(parseCookieHeader(attacker.header()))).toEqual({ deviceId: 'device-attacker' });
    expect(earnedDeviceId(parseCookieHeader(victim.header({ '__Host-deviceBinding': attackersPair['__Host-deviceBinding'] })))).toEqual({ deviceId: undefined, refused: 'mismatch' });
    expect(earnedDeviceId(parseCookieHeader(''))).toEqual({ deviceId: undefined });
  });
});

describe('lastLogin', () => {
  it('is host-only now, and writing it expires the parent-domain cookie of before', async () => {
    const browser = jar();
    await writeOrganisationSignIn(browser, host, { subDomain: 'acme', authToken: 't' });
    expect(browser.written.get('__Host-lastLogin')?.attributes.domain).toBeUndefined();
    expect(browser.written.get('lastLogin')?.attributes).toMatchObject({ domain: 'desk.test', maxAge: 0 });
    expect(await readLastLogin(parseCookieHeader(browser.header()))).toEqual({ subDomain: 'acme', authToken: 't' });
    // A sealed value on the parent domain, where a sibling host could plant its own, is not read.
    const sealed = browser.written.get('__Host-lastLogin')!.value;
    expect(await readLastLogin(parseCookieHeader(`lastLogin=${encodeURIComponent(sealed)}`))).toBeUndefined();
  });
});

describe('signing out in the web app', () => {
  it('expires lastLogin, the device id and its binding where each was written; the organisation hint stays', async () => {
    const browser = jar();
    await writeOrganisationSignIn(browser, host, { subDomain: 'acme', authToken: 't', deviceId: 'device-1' });
    forgetThisBrowser(browser, host);
    const expired = [...browser.written].filter(([, cookie]) => cookie.attributes.maxAge === 0).map(([name, cookie]) => [name, cookie.attributes.domain]);
    expect(Object.fromEntries(expired)).toEqual({
      '__Host-lastLogin': undefined,
      lastLogin: 'desk.test',
      loginUUID: 'desk.test',
      '__Host-deviceBinding': undefined,
    });
    expect(browser.written.get('flwSubDomain')?.attributes.maxAge).toBeGreaterThan(0);
  });
});
