import { cookies, headers } from 'next/headers';
import { isValidId } from '@/lib/platform/backend/auth';
import { parseCookieHeader, type CookieAttributes } from '@/lib/platform/cookies';
import { linkCodeFor } from '@/lib/flows/email-sign-in/link-code';
import { checkEmailSignIn, continueWithLinkCode, readEmailSignIn, startWaitingForLink, timedFromWait } from '@/lib/flows/email-sign-in/wait';
import { earnedDeviceId, forgetThisBrowser, handOffToOrganisation, readLastLogin, writeOrganisationSignIn } from '@/lib/flows/hand-off';
import type { RequestHost } from '@/lib/platform/hosts';
import { metricsExposition } from '@/lib/platform/observability/metrics';
import { handOffOrganisation } from '@/lib/flows/sso/sign-in';

jest.mock('next/headers', () => ({ headers: jest.fn(), cookies: jest.fn() }));
jest.mock('@/lib/platform/backend/auth', () => ({ ...jest.requireActual('@/lib/platform/backend/auth'), isValidId: jest.fn() }));

/** The hand-off's cookies (lib/flows/hand-off.ts): which device id a later arrival may trust, and what signing out forgets. */

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

describe('the time to sign in, from asking to arriving (desk_login_sign_in_duration_seconds)', () => {
  async function observed(method: string): Promise<{ count: number; sum: number }> {
    const lines = (await metricsExposition()).body.split('\n');
    const value = (series: string) => {
      const line = lines.find((candidate) => candidate.startsWith(`${series}{method="${method}"} `));
      // Every method's series is there from the start, at 0.
      if (line === undefined) throw new Error(`no ${series} for ${method}`);
      return Number(line.split(' ')[1]);
    };
    return { count: value('desk_login_sign_in_duration_seconds_count'), sum: value('desk_login_sign_in_duration_seconds_sum') };
  }
  /** The browser's request as Next's headers() and cookies() give it to the code under test. */
  function requestFrom(browser: ReturnType<typeof jar>) {
    jest.mocked(headers).mockResolvedValue(new Headers({ host: 'web.desk.test', 'x-forwarded-proto': 'https', cookie: browser.header() }) as never);
    jest.mocked(cookies).mockResolvedValue(browser as never);
  }
  let clock: jest.SpiedFunction<typeof Date.now>;
  const asked = Date.now();
  beforeEach(() => {
    clock = jest.spyOn(Date, 'now').mockReturnValue(asked);
    jest.mocked(headers).mockResolvedValue(new Headers() as never);
  });
  afterEach(() => clock.mockRestore());

  it('counts a link confirmed in the browser that asked once under email_link, from when it was asked, however many tabs hand it off', async () => {
    const before = await observed('email_link');
    const asking = jar();
    await startWaitingForLink(asking, host, { uuid: 'link-timed', email: 'anna@acme.test', fromSignUp: false, deviceId: 'device-timed' });
    clock.mockReturnValue(asked + 42_000);
    requestFrom(asking);
    const wait = await readEmailSignIn(parseCookieHeader(asking.header()));
    const signIn = { subDomain: 'acme', authToken: 't', email: 'anna@acme.test', deviceId: 'device-timed', method: 'email', attempt: 'link-timed', timed: timedFromWait(wait!) } as const;
    // The link's tab, then the waiting tab: both carry the wait, both hand off.
    await handOffToOrganisation(asking, host, signIn);
    await handOffToOrganisation(asking, host, signIn);
    expect(await observed('email_link')).toEqual({ count: before.count + 1, sum: before.sum + 42 });
  });

  it('does not end the attempt where the link was merely opened: the browser that asked ends it when the code shown there is typed, under email_code', async () => {
    const before = { link: await observed('email_link'), code: await observed('email_code') };
    const asking = jar();
    await startWaitingForLink(asking, host, { uuid: 'link-elsewhere', email: 'anna@acme.test', fromSignUp: false, deviceId: 'device-asking' });
    // The phone that opened the link is signed in too, as the confirm page offers: it holds no wait.
    clock.mockReturnValue(asked + 20_000);
    const phone = jar();
    requestFrom(phone);
    await handOffToOrganisation(phone, host, { subDomain: 'acme', authToken: 't', deviceId: 'device-phone', method: 'email', attempt: 'link-elsewhere' });
    expect(await observed('email_code')).toEqual(before.code);

    clock.mockReturnValue(asked + 75_000);
    requestFrom(asking);
    jest.mocked(isValidId).mockResolvedValue({ ok: true, value: { confirmed: true, subDomain: 'acme', authToken: 'token' } });
    await expect(checkEmailSignIn()).resolves.toEqual({ state: 'code-needed' });
    requestFrom(asking);
    await expect(continueWithLinkCode(linkCodeFor('link-elsewhere'))).resolves.toMatchObject({ state: 'signed-in' });
    expect(await observed('email_code')).toEqual({ count: before.code.count + 1, sum: before.code.sum + 75 });
    expect(await observed('email_link')).toEqual(before.link);
  });

  it('counts a single sign-on under its provider from the start the flow sealed, and a flow sealed before there was a start time not at all', async () => {
    const before = await observed('microsoft');
    const browser = jar();
    requestFrom(browser);
    const timed = { method: 'microsoft', startedAt: asked - 9_000 } as const;
    await handOffToOrganisation(browser, host, { subDomain: 'acme', authToken: 't', deviceId: 'device-sso', method: 'microsoft', attempt: 'device-sso', timed });
    await handOffToOrganisation(browser, host, { subDomain: 'acme', authToken: 't', deviceId: 'device-sso', method: 'microsoft', attempt: 'device-sso', timed });
    await handOffToOrganisation(browser, host, { subDomain: 'acme', authToken: 't', deviceId: 'device-old', method: 'microsoft', attempt: 'device-old' });
    expect(await observed('microsoft')).toEqual({ count: before.count + 1, sum: before.sum + 9 });
  });

  it('counts a single sign-on for an app under app, once, where the app is handed the sign-in', async () => {
    const before = { app: await observed('app'), google: await observed('google') };
    const browser = jar();
    requestFrom(browser);
    const signIn = { subDomain: 'acme', token: 't', provider: 'google', language: 'en', deviceId: 'device-app', startedAt: asked - 31_000, appRedirect: { uri: 'https://app.example.com/sso', codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM' } } as const;
    await handOffOrganisation(signIn, { host, cookies: browser as never }, false);
    await handOffOrganisation(signIn, { host, cookies: browser as never }, false);
    expect(await observed('app')).toEqual({ count: before.app.count + 1, sum: before.app.sum + 31 });
    expect(await observed('google')).toEqual(before.google);
  });
});
