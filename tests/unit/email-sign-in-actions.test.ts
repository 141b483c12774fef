import { redirect } from 'next/navigation';
import { chooseAnotherAddress, requestSignInLink, sendLinkAgain } from '@/components/email-sign-in/actions';
import { verifyUser } from '@/lib/platform/backend/auth';
import { readSignUp } from '@/lib/flows/email-sign-in/sign-up';
import { readEmailSignIn, readKeptAddress, startWaitingForLink } from '@/lib/flows/email-sign-in/wait';
import type { RequestHost } from '@/lib/platform/hosts';
import { metricsExposition } from '@/lib/platform/observability/metrics';
import { browserCookies, form, redirected } from './server-action-request';

/**
 * The e-mail form's server actions, with the request and the backend call stubbed: what each
 * leaves in the browser and where it sends the person. Errors come back translated (here, as
 * their keys).
 */

jest.mock('next/headers', () => ({ headers: jest.fn(), cookies: jest.fn() }));
jest.mock('next/navigation', () => ({
  redirect: jest.fn((location: string) => {
    throw Object.assign(new Error('NEXT_REDIRECT'), { location });
  }),
}));
jest.mock('@/lib/platform/backend/auth', () => ({ verifyUser: jest.fn() }));
jest.mock('@/lib/platform/backend/error-text', () => ({ errorText: async (language: string, key: string) => `${language}:${key}` }));
jest.mock('@/components/email-sign-in/rate-limit-text', () => ({ rateLimitText: async (language: string) => ({ heading: `${language}:rateLimit.heading` }) }));

process.env.SESSION_SECRET ??= 'unit-test-secret-of-at-least-32-characters';
process.env.BACKEND_URL ??= 'http://127.0.0.1:1';
process.env.APP_DOMAINS ??= 'desk.test';

const host: RequestHost = { protocol: 'https', domain: 'desk.test', hostname: 'web.desk.test', port: '' };

/** The value of one e-mail series, as an operator's dashboard reads it. */
async function emailSeries(metric: 'steps' | 'failures', label: string): Promise<number> {
  const series = metric === 'steps' ? `desk_login_sign_in_steps_total{method="email",step="${label}"}` : `desk_login_sign_in_failures_total{method="email",reason="${label}"}`;
  const line = (await metricsExposition()).body.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return Number(line?.slice(series.length + 1));
}

describe('the e-mail form', () => {
  beforeEach(() => {
    jest.mocked(verifyUser).mockReset();
    jest.mocked(redirect).mockClear();
  });

  it('refuses an address that is not one, in the page language, without asking the backend, and keeps what was typed', async () => {
    browserCookies().send();
    await expect(requestSignInLink({ status: 'idle', email: '' }, form({ email: 'anna@', lang: 'de' }))).resolves.toEqual({
      status: 'error',
      email: 'anna@',
      message: 'de:emailNotValid',
    });
    expect(verifyUser).not.toHaveBeenCalled();
  });

  it('a known address: the wait starts for the link the backend sent, and the browser goes to the mail-sent view', async () => {
    const person = browserCookies();
    person.send();
    jest.mocked(verifyUser).mockResolvedValueOnce({ ok: true, value: { next: 'linkSent', uuid: 'link-1' } });
    const location = await redirected(requestSignInLink({ status: 'idle', email: '' }, form({ email: ' anna@acme.test ', lang: 'nl' })));
    expect(location).toBe('https://web.desk.test/login/nl/mail-sent');
    expect(await readEmailSignIn(person.received())).toMatchObject({ uuid: 'link-1', email: 'anna@acme.test', fromSignUp: false });
    // A device id minted for this sign-in, never one the browser brought.
    const [, deviceId] = jest.mocked(verifyUser).mock.calls[0]!;
    expect(deviceId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a new address: sign-up, with the backend\'s token kept sealed', async () => {
    const person = browserCookies();
    person.send();
    jest.mocked(verifyUser).mockResolvedValueOnce({ ok: true, value: { next: 'signUp', autoAddToken: 'token-9' } });
    expect(await redirected(requestSignInLink({ status: 'idle', email: '' }, form({ email: 'new@acme.test', lang: 'en' })))).toBe('https://web.desk.test/login/en/signup');
    expect(await readSignUp(person.received())).toMatchObject({ email: 'new@acme.test', autoAddToken: 'token-9' });
    expect(await readEmailSignIn(person.received())).toBeUndefined();
  });

  it('send again: locked for 30 s after a link, then a new link and a new wait', async () => {
    const person = browserCookies();
    await startWaitingForLink(person.store, host, { uuid: 'link-1', email: 'anna@acme.test', fromSignUp: false, deviceId: 'device-1' });
    person.send();
    await expect(sendLinkAgain({ status: 'idle' }, form({ lang: 'en' }))).resolves.toEqual({ status: 'locked' });
    expect(verifyUser).not.toHaveBeenCalled();

    jest.useFakeTimers({ now: Date.now() + 31_000, doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    try {
      jest.mocked(verifyUser).mockResolvedValueOnce({ ok: true, value: { next: 'linkSent', uuid: 'link-2' } });
      await expect(sendLinkAgain({ status: 'idle' }, form({ lang: 'en' }))).resolves.toEqual({ status: 'sent' });
    } finally {
      jest.useRealTimers();
    }
    expect(jest.mocked(verifyUser).mock.calls).toEqual([['anna@acme.test', 'device-1']]);
    expect(await readEmailSignIn(person.received())).toMatchObject({ uuid: 'link-2', deviceId: 'device-1' });
  });

  it('a fresh form for an address that just got a link waits out the same 30 s as "send again": no second mail; another address is not held up', async () => {
    jest.mocked(verifyUser).mockResolvedValue({ ok: true, value: { next: 'linkSent', uuid: 'link-5' } });
    browserCookies().send();
    await redirected(requestSignInLink({ status: 'idle', email: '' }, form({ email: 'bert@globex.test', lang: 'en' })));
    // Another browser, or the same one with the form reloaded: any number of fresh posts.
    for (let post = 0; post < 5; post += 1) {
      browserCookies().send();
      await expect(requestSignInLink({ status: 'idle', email: '' }, form({ email: ' Bert@Globex.test', lang: 'en' }))).resolves.toEqual({
        status: 'rate-limited',
        email: 'Bert@Globex.test',
        // The lock's own time left, for the view to say when another try can work.
        retryAfterMs: expect.any(Number),
        // With the view's words in the form's language, which the login page itself does not carry.
        text: { heading: 'en:rateLimit.heading' },
      });
    }
    browserCookies().send();
    await redirected(requestSignInLink({ status: 'idle', email: '' }, form({ email: 'carla@initech.test', lang: 'en' })));
    expect(jest.mocked(verifyUser).mock.calls.map(([email]) => email)).toEqual(['bert@globex.test', 'carla@initech.test']);
  });

  it('counts a sign-in started only for a valid address that was not held back: an invalid one or a second post within the 30 s is a failure only', async () => {
    jest.mocked(verifyUser).mockResolvedValue({ ok: true, value: { next: 'linkSent', uuid: 'link-counted' } });
    const before = { started: await emailSeries('steps', 'started'), invalid: await emailSeries('failures', 'invalid_address'), throttled: await emailSeries('failures', 'throttled') };
    browserCookies().send();
    await requestSignInLink({ status: 'idle', email: '' }, form({ email: 'dora@', lang: 'en' }));
    expect(await emailSeries('steps', 'started')).toBe(before.started);
    expect(await emailSeries('failures', 'invalid_address')).toBe(before.invalid + 1);

    const person = browserCookies();
    person.send();
    await redirected(requestSignInLink({ status: 'idle', email: '' }, form({ email: 'dora@hooli.test', lang: 'en' })));
    expect(await emailSeries('steps', 'started')).toBe(before.started + 1);
    person.send();
    await requestSignInLink({ status: 'idle', email: '' }, form({ email: 'dora@hooli.test', lang: 'en' }));
    expect(await emailSeries('steps', 'started')).toBe(before.started + 1);
    expect(await emailSeries('failures', 'throttled')).toBe(before.throttled + 1);

    // "Send again" after the 30 s asks for another link: another sign-in started, and sent.
    const sent = await emailSeries('steps', 'link_sent');
    jest.useFakeTimers({ now: Date.now() + 31_000, doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    try {
      jest.mocked(verifyUser).mockResolvedValueOnce({ ok: true, value: { next: 'linkSent', uuid: 'link-counted-again' } });
      await expect(sendLinkAgain({ status: 'idle' }, form({ lang: 'en' }))).resolves.toEqual({ status: 'sent' });
    } finally {
      jest.useRealTimers();
    }
    expect(await emailSeries('steps', 'started')).toBe(before.started + 2);
    expect(await emailSeries('steps', 'link_sent')).toBe(sent + 1);
  });

  it('"use another e-mail address" forgets the wait and any sign-up, and returns to the form in the page language', async () => {
    const person = browserCookies();
    await startWaitingForLink(person.store, host, { uuid: 'link-1', email: 'anna@acme.test', fromSignUp: true, deviceId: 'device-1' });
    person.send();
    expect(await redirected(chooseAnotherAddress(form({ lang: 'de' })))).toBe('https://web.desk.test/login/de');
    // Only the address is left, sealed, for the login form to show once.
    expect([...person.jar.keys()]).toEqual(['__Host-keptAddress']);
    expect(await readKeptAddress(person.received())).toEqual({ email: 'anna@acme.test' });
  });
});
