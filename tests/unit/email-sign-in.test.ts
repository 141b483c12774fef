import { cookies, headers } from 'next/headers';
import { confirmSignInLink, declineSignInLink } from '@/components/email-sign-in/confirm-link-action';
import { CONFIRM_FIELD } from '@/components/email-sign-in/confirmation-field';
import { isValidId, isValidLink } from '@/lib/platform/backend/auth';
import { parseCookieHeader, type CookieAttributes } from '@/lib/platform/cookies';
import { linkCodeFor } from '@/lib/flows/email-sign-in/link-code';
import { releaseLinkLock, takeLinkLock } from '@/lib/flows/email-sign-in/link-lock';
import { declineLinkOfTicket, declineTicketFor, isLinkDeclined, isLinkConfirmed, linkRequestOf, noteLinkConfirmed } from '@/lib/flows/email-sign-in/link-requests';
import { linkVerdictBeforeCheck } from '@/lib/flows/email-sign-in/opened-link';
import { checkEmailSignIn, continueWithLinkCode, emailSignInNews, readEmailSignIn, rememberLinkConfirmedHere, startWaitingForLink } from '@/lib/flows/email-sign-in/wait';
import type { RequestHost } from '@/lib/platform/hosts';
import { metricsExposition, type SignInStep } from '@/lib/platform/observability/metrics';
import { VIEW_QUERY_HEADER } from '@/lib/platform/pages/language-routing';

/** The e-mail wait (lib/flows/email-sign-in/wait.ts): the state a link request leaves, and the poll that hands off once the link is opened. */

jest.mock('next/headers', () => ({ headers: jest.fn(), cookies: jest.fn() }));
jest.mock('@/lib/platform/backend/auth', () => ({ isValidId: jest.fn(), isValidLink: jest.fn() }));
// The key and its values stand for the translated text: messages are the pages' business.
jest.mock('next-intl/server', () => ({ getTranslations: async () => (key: string, values?: Record<string, unknown>) => `${key}${values ? JSON.stringify(values) : ''}` }));

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
  beforeEach(() => {
    jest.mocked(isValidId).mockReset();
    jest.mocked(headers).mockResolvedValue(new Headers({ 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0' }) as never);
  });

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

  it('waits while the link is unopened, asks the backend at most once in three seconds however often it is polled, and says so when the backend cannot tell', async () => {
    const jar = browserJar();
    await startWaitingForLink(jar, host, { uuid: 'link-2', email: 'anna@acme.test', fromSignUp: false, deviceId: 'device-2' });
    requestFrom(jar);
    const started = Date.now();
    const clock = jest.spyOn(Date, 'now').mockReturnValue(started);
    try {
      jest.mocked(isValidId).mockResolvedValueOnce({ ok: true, value: { confirmed: false } });
      for (let poll = 0; poll < 20; poll += 1) await expect(checkEmailSignIn()).resolves.toEqual({ state: 'pending' });
      expect(isValidId).toHaveBeenCalledTimes(1);

      clock.mockReturnValue(started + 3_000);
      jest.mocked(isValidId).mockResolvedValueOnce({ ok: false, failure: { kind: 'unavailable' } });
      await expect(checkEmailSignIn()).resolves.toEqual({ state: 'unavailable' });
    } finally {
      clock.mockRestore();
    }
    expect(jest.mocked(isValidId).mock.calls).toEqual([
      ['link-2', 'device-2'],
      ['link-2', 'device-2'],
    ]);
    expect(jar.jar.has('__Host-emailSignIn')).toBe(true);
  });

  it('once the link is confirmed in this browser, hands off to the organisation at once and forgets the wait', async () => {
    const jar = browserJar();
    await startWaitingForLink(jar, host, { uuid: 'link-3', email: 'anna@acme.test', fromSignUp: false, deviceId: 'device-3' });
    requestFrom(jar);
    jest.mocked(isValidId).mockResolvedValue({ ok: true, value: { confirmed: false } });
    await expect(checkEmailSignIn()).resolves.toEqual({ state: 'pending' });

    await rememberLinkConfirmedHere(jar, host, 'link-3');
    requestFrom(jar);
    // Within the three seconds of the last check: this browser's own confirmation is asked for afresh.
    jest.mocked(isValidId).mockResolvedValue({ ok: true, value: { confirmed: true, subDomain: 'acme', authToken: 'token-3' } });
    await expect(checkEmailSignIn()).resolves.toEqual({ state: 'signed-in', location: 'https://acme.desk.test/' });
    expect(jar.jar.has('__Host-emailSignIn')).toBe(false);
    expect(jar.jar.has('__Host-linkConfirmedHere')).toBe(false);
    // Reopened here, the link is known to be used; another link is not.
    const received = parseCookieHeader(jar.header());
    await expect(linkVerdictBeforeCheck(received, { uuid: 'link-3', timestamp: String(Date.now()) })).resolves.toBe('used');
    await expect(linkVerdictBeforeCheck(received, { uuid: 'link-4', timestamp: String(Date.now()) })).resolves.toBeUndefined();
    expect(jar.jar.get('acmeAccessToken')?.value).toBe('token-3');
    expect(jar.jar.get('__Host-lastSignInMethod')?.value).toBe('email');
  });

  it('confirmed in another browser, it hands off nothing: the answer stays sealed here until the code shown there is typed', async () => {
    const jar = browserJar();
    await startWaitingForLink(jar, host, { uuid: 'link-5', email: 'anna@acme.test', fromSignUp: false, deviceId: 'device-5' });
    requestFrom(jar);
    jest.mocked(isValidId).mockResolvedValue({ ok: true, value: { confirmed: true, subDomain: 'acme', authToken: 'token-5' } });
    await expect(checkEmailSignIn()).resolves.toEqual({ state: 'code-needed' });
    expect([...jar.jar.keys()]).toEqual(['__Host-emailSignIn']);
    expect(jar.jar.get('__Host-emailSignIn')?.value).not.toContain('token-5');
    // Another browser's confirmation of another link is not this one's.
    await rememberLinkConfirmedHere(jar, host, 'link-other');
    requestFrom(jar);
    await expect(checkEmailSignIn()).resolves.toEqual({ state: 'code-needed' });
    expect(isValidId).toHaveBeenCalledTimes(1);

    const code = linkCodeFor('link-5');
    expect(code).toMatch(/^\d{6}$/);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await expect(continueWithLinkCode(wrong)).resolves.toEqual({ state: 'wrong', triesLeft: 4 });
    requestFrom(jar);
    await expect(continueWithLinkCode('12 34')).resolves.toEqual({ state: 'malformed' });
    expect(jar.jar.has('acmeAccessToken')).toBe(false);
    await expect(continueWithLinkCode(`${code.slice(0, 3)} ${code.slice(3)}`)).resolves.toEqual({ state: 'signed-in', location: 'https://acme.desk.test/' });
    expect(jar.jar.get('acmeAccessToken')?.value).toBe('token-5');
    expect(jar.jar.has('__Host-emailSignIn')).toBe(false);
  });

  it('five wrong codes end the wait, and replaying the cookie from before them does not start the count again', async () => {
    const jar = browserJar();
    await startWaitingForLink(jar, host, { uuid: 'link-6', email: 'anna@acme.test', fromSignUp: false, deviceId: 'device-6' });
    requestFrom(jar);
    jest.mocked(isValidId).mockResolvedValue({ ok: true, value: { confirmed: true, subDomain: 'acme', authToken: 'token-6' } });
    await expect(checkEmailSignIn()).resolves.toEqual({ state: 'code-needed' });
    const beforeGuessing = jar.header();
    const code = linkCodeFor('link-6');
    const wrongCodes = ['000000', '111111', '222222', '333333', '444444', '555555'].filter((guess) => guess !== code).slice(0, 5);
    const outcomes = [];
    for (const guess of wrongCodes) {
      requestFrom(jar);
      outcomes.push(await continueWithLinkCode(guess));
    }
    expect(outcomes.map((outcome) => outcome.state)).toEqual(['wrong', 'wrong', 'wrong', 'wrong', 'ended']);
    expect(jar.jar.has('__Host-emailSignIn')).toBe(false);

    jest.mocked(headers).mockResolvedValue(new Headers({ host: 'web.desk.test', 'x-forwarded-proto': 'https', cookie: beforeGuessing }) as never);
    await expect(continueWithLinkCode(code)).resolves.toEqual({ state: 'ended' });
    await expect(checkEmailSignIn()).resolves.toEqual({ state: 'expired' });
    expect(jar.jar.has('acmeAccessToken')).toBe(false);
  });

  it('"I did not ask for this" ends the wait: the poll says so and forgets it, and even the right code is refused; another link waits on', async () => {
    const jar = browserJar();
    await startWaitingForLink(jar, host, { uuid: 'link-declined', email: 'anna@acme.test', fromSignUp: false, deviceId: 'device-d' });
    requestFrom(jar);
    jest.mocked(isValidId).mockResolvedValue({ ok: true, value: { confirmed: true, subDomain: 'acme', authToken: 'token-d' } });
    await expect(checkEmailSignIn()).resolves.toEqual({ state: 'code-needed' });
    const waiting = jar.header();

    await expect(declineLinkOfTicket(await declineTicketFor('link-declined'))).resolves.toBe('declined');
    await expect(isLinkDeclined('link-declined')).resolves.toBe(true);
    // The control: a link nobody declined.
    await expect(isLinkDeclined('link-other')).resolves.toBe(false);
    requestFrom(jar);
    await expect(continueWithLinkCode(linkCodeFor('link-declined'))).resolves.toEqual({ state: 'declined' });
    expect(jar.jar.has('acmeAccessToken')).toBe(false);
    jest.mocked(headers).mockResolvedValue(new Headers({ host: 'web.desk.test', 'x-forwarded-proto': 'https', cookie: waiting }) as never);
    await expect(checkEmailSignIn()).resolves.toEqual({ state: 'declined' });
    expect(jar.jar.has('__Host-emailSignIn')).toBe(false);
  });

  describe('a held request for the status', () => {
    const timing = { holdMs: 600, lookEveryMs: 50 };
    /** A browser waiting for `uuid`'s link, unopened, whose status request is held: its jar and the held answer. */
    async function heldWait(uuid: string, signal = new AbortController().signal, held = { holdMs: 60_000, lookEveryMs: 50 }) {
      const jar = browserJar();
      await startWaitingForLink(jar, host, { uuid, email: 'anna@acme.test', fromSignUp: false, deviceId: `device-${uuid}` });
      requestFrom(jar);
      jest.mocked(isValidId).mockResolvedValue({ ok: true, value: { confirmed: false } });
      return { jar, answer: emailSignInNews(signal, 'pending', held) };
    }
    /** A browser waiting for `uuid`'s link, which another browser has just confirmed: its jar, as its next request sends it. */
    async function confirmedElsewhere(uuid: string) {
      const jar = browserJar();
      await startWaitingForLink(jar, host, { uuid, email: 'anna@acme.test', fromSignUp: false, deviceId: `device-${uuid}` });
      requestFrom(jar);
      await noteLinkConfirmed(uuid);
      jest.mocked(isValidId).mockResolvedValue({ ok: true, value: { confirmed: true, subDomain: 'acme', authToken: `token-${uuid}` } });
      return jar;
    }
    const settledWithin = async (promise: Promise<unknown>, ms: number) => Promise.race([promise.then(() => true), new Promise((resolve) => setTimeout(resolve, ms, false))]);

    it('is held while the link is unopened, then answers pending and writes nothing: the cookies it came with may be stale by then', async () => {
      const jar = browserJar();
      await startWaitingForLink(jar, host, { uuid: 'link-held', email: 'anna@acme.test', fromSignUp: false, deviceId: 'device-h' });
      requestFrom(jar);
      const before = jar.header();
      jest.mocked(isValidId).mockResolvedValue({ ok: true, value: { confirmed: false } });
      const answer = emailSignInNews(new AbortController().signal, 'pending', timing);
      await expect(settledWithin(answer, 300)).resolves.toBe(false);
      await expect(answer).resolves.toEqual({ state: 'pending' });
      expect(jar.header()).toBe(before);

      // The control: a wait with something to say is answered at once, and its answer written.
      jest.mocked(isValidId).mockResolvedValue({ ok: true, value: { confirmed: true, subDomain: 'acme', authToken: 'token-h' } });
      jest.spyOn(Date, 'now').mockReturnValue(Date.now() + 3_000);
      try {
        const confirmed = emailSignInNews(new AbortController().signal, 'pending', timing);
        await expect(settledWithin(confirmed, 300)).resolves.toBe(true);
        await expect(confirmed).resolves.toEqual({ state: 'code-needed' });
      } finally {
        jest.mocked(Date.now).mockRestore();
      }
      expect(jar.header()).not.toBe(before);
    });

    it('answers as soon as the wait has news, and the next request says what it is', async () => {
      const { answer } = await heldWait('link-held-declined');
      await expect(settledWithin(answer, 150)).resolves.toBe(false);
      await declineLinkOfTicket(await declineTicketFor('link-held-declined'));
      await expect(settledWithin(answer, 1_000)).resolves.toBe(true);
      await expect(answer).resolves.toEqual({ state: 'pending' });
      await expect(checkEmailSignIn()).resolves.toEqual({ state: 'declined' });
    });

    it('is held in the code entry too, once the browser was told to type a code, and answers when the link is declined', async () => {
      const jar = await confirmedElsewhere('link-held-code');
      // The control: the request that learns of the confirmation elsewhere is answered at once.
      const told = emailSignInNews(new AbortController().signal, 'pending', timing);
      await expect(settledWithin(told, 300)).resolves.toBe(true);
      await expect(told).resolves.toEqual({ state: 'code-needed' });

      requestFrom(jar);
      const answer = emailSignInNews(new AbortController().signal, 'code-needed', { holdMs: 60_000, lookEveryMs: 50 });
      await expect(settledWithin(answer, 300)).resolves.toBe(false);
      await declineLinkOfTicket(await declineTicketFor('link-held-code'));
      await expect(settledWithin(answer, 1_000)).resolves.toBe(true);
      await expect(answer).resolves.toEqual({ state: 'code-needed' });
      await expect(checkEmailSignIn()).resolves.toEqual({ state: 'declined' });
    });

    it('answers at once a tab still showing the wait after another tab of the browser was sent to the code entry', async () => {
      const jar = await confirmedElsewhere('link-held-tabs');
      // The first tab learns of the confirmation elsewhere; its answer seals it in the browser's cookie.
      await expect(emailSignInNews(new AbortController().signal, 'pending', timing)).resolves.toEqual({ state: 'code-needed' });

      requestFrom(jar);
      const secondTab = emailSignInNews(new AbortController().signal, 'pending', { holdMs: 60_000, lookEveryMs: 50 });
      await expect(settledWithin(secondTab, 300)).resolves.toBe(true);
      await expect(secondTab).resolves.toEqual({ state: 'code-needed' });
      // The control: the first tab, now in its code entry, is held by the same cookies.
      const firstTab = emailSignInNews(new AbortController().signal, 'code-needed', { holdMs: 60_000, lookEveryMs: 50 });
      await expect(settledWithin(firstTab, 300)).resolves.toBe(false);
      await declineLinkOfTicket(await declineTicketFor('link-held-tabs'));
      await expect(firstTab).resolves.toEqual({ state: 'code-needed' });
    });

    it('decides nothing on the cookies it came with: a link confirmed meanwhile in this browser signs in with the next request, not with a code', async () => {
      const { jar, answer } = await heldWait('link-held-here');
      await expect(settledWithin(answer, 150)).resolves.toBe(false);
      // The link's tab of the same browser confirms it, as confirmSignInLink does; the held request still has the cookies of its start.
      await rememberLinkConfirmedHere(jar, host, 'link-held-here');
      await noteLinkConfirmed('link-held-here');
      jest.mocked(isValidId).mockResolvedValue({ ok: true, value: { confirmed: true, subDomain: 'acme', authToken: 'token-hh' } });
      const clock = jest.spyOn(Date, 'now').mockReturnValue(Date.now() + 3_000);
      try {
        await expect(answer).resolves.toEqual({ state: 'pending' });
        expect(jar.jar.has('__Host-emailSignIn')).toBe(true);
        requestFrom(jar);
        await expect(checkEmailSignIn()).resolves.toEqual({ state: 'signed-in', location: 'https://acme.desk.test/' });
      } finally {
        clock.mockRestore();
      }
    });

    it('asks the backend only at its start: its looks read the shared store, and the request after news asks', async () => {
      const { answer } = await heldWait('link-held-quiet', new AbortController().signal, { holdMs: 3_600, lookEveryMs: 400 });
      await expect(answer).resolves.toEqual({ state: 'pending' });
      // Looks spread over more than the fleet's 3 s between checks: each could have asked.
      expect(isValidId).toHaveBeenCalledTimes(1);

      // The control: confirmed on the link's page, the held request answers at its next look,
      // having asked nothing; the request that follows asks, past the fleet's 3 s, and is told.
      const again = emailSignInNews(new AbortController().signal, 'pending', { holdMs: 60_000, lookEveryMs: 3_100 });
      await expect(settledWithin(again, 200)).resolves.toBe(false);
      await noteLinkConfirmed('link-held-quiet');
      jest.mocked(isValidId).mockResolvedValue({ ok: true, value: { confirmed: true, subDomain: 'acme', authToken: 'token-q' } });
      await expect(settledWithin(again, 4_000)).resolves.toBe(true);
      await expect(again).resolves.toEqual({ state: 'pending' });
      expect(isValidId).toHaveBeenCalledTimes(2);
      await expect(checkEmailSignIn()).resolves.toEqual({ state: 'code-needed' });
      expect(isValidId).toHaveBeenCalledTimes(3);
    }, 15_000);

    it('in the wait, takes a confirmation its check did not see as news at its first look: a second tab whose check was coalesced with one from before it', async () => {
      const { jar, answer: firstTab } = await heldWait('link-held-coalesced');
      await expect(settledWithin(firstTab, 150)).resolves.toBe(false);
      // Another browser confirms the link; the backend says so from now on.
      await noteLinkConfirmed('link-held-coalesced');
      jest.mocked(isValidId).mockResolvedValue({ ok: true, value: { confirmed: true, subDomain: 'acme', authToken: 'token-hco' } });
      // A second tab asks within the fleet's 3 s: its check shares the first tab's, from before the confirmation.
      requestFrom(jar);
      const secondTab = emailSignInNews(new AbortController().signal, 'pending', { holdMs: 60_000, lookEveryMs: 200 });
      await expect(settledWithin(secondTab, 100)).resolves.toBe(false);
      await expect(settledWithin(secondTab, 1_000)).resolves.toBe(true);
      await expect(secondTab).resolves.toEqual({ state: 'pending' });
      await expect(settledWithin(firstTab, 1_000)).resolves.toBe(true);
      // The request after it, past the 3 s, is told.
      const clock = jest.spyOn(Date, 'now').mockReturnValue(Date.now() + 3_000);
      try {
        await expect(checkEmailSignIn()).resolves.toEqual({ state: 'code-needed' });
      } finally {
        clock.mockRestore();
      }
    });

    it('answers when the browser hangs up', async () => {
      const browser = new AbortController();
      const { answer } = await heldWait('link-held-gone', browser.signal);
      await expect(settledWithin(answer, 150)).resolves.toBe(false);
      browser.abort();
      await expect(settledWithin(answer, 200)).resolves.toBe(true);
    });
  });

  it('a decline counts only for the link its ticket was sealed for: never for an id, a forged or an overlong ticket', async () => {
    const victim = 'link-of-someone-else';
    for (const posted of [victim, { uuid: victim }, `${await declineTicketFor('link-mine')}x`, 'x'.repeat(900_000), undefined]) {
      await expect(declineLinkOfTicket(posted)).resolves.toBeUndefined();
    }
    await expect(isLinkDeclined(victim)).resolves.toBe(false);
    await expect(isLinkDeclined('link-mine')).resolves.toBe(false);
    // The control: the honest ticket declines its own link, and only it.
    await expect(declineLinkOfTicket(await declineTicketFor('link-mine'))).resolves.toBe('declined');
    await expect(isLinkDeclined('link-mine')).resolves.toBe(true);
    await expect(isLinkDeclined(victim)).resolves.toBe(false);
  });

  it('a decline replayed, with the same ticket, declines nothing more and is counted once for the fleet (issue 48)', async () => {
    const cancelled = async () => {
      const series = 'desk_login_sign_in_failures_total{method="email",reason="cancelled"}';
      const line = (await metricsExposition()).body.split('\n').find((candidate) => candidate.startsWith(`${series} `));
      return Number(line?.slice(series.length + 1) ?? 0);
    };
    const declineWith = async (ticket: string) => {
      jest.mocked(headers).mockResolvedValue(new Headers({ host: 'web.desk.test', 'x-forwarded-proto': 'https' }) as never);
      // The action ends in a redirect, which Next throws.
      await expect(declineSignInLink('en', ticket)).rejects.toThrow('NEXT_REDIRECT');
    };
    const before = await cancelled();
    const ticket = await declineTicketFor('link-replayed');
    for (let post = 0; post < 5; post += 1) await declineWith(ticket);
    expect(await cancelled()).toBe(before + 1);
    await expect(isLinkDeclined('link-replayed')).resolves.toBe(true);
    // The control: another link's decline is counted too.
    await declineWith(await declineTicketFor('link-replayed-other'));
    expect(await cancelled()).toBe(before + 2);
  });

  it('remembers when and from what kind of device each link was asked for, and nothing more', async () => {
    const jar = browserJar();
    const before = Date.now();
    await startWaitingForLink(jar, host, { uuid: 'link-asked', email: 'anna@acme.test', fromSignUp: false, deviceId: 'device-a' });
    const request = await linkRequestOf('link-asked');
    expect(request).toEqual({ askedAt: expect.any(Number), device: { browser: 'firefox', system: 'linux' } });
    expect(request!.askedAt).toBeGreaterThanOrEqual(before);
    await expect(linkRequestOf('link-never-sent')).resolves.toBeUndefined();
  });

  it('the code is the same for every instance that shares the secret, and another for every link', () => {
    expect(linkCodeFor('link-7')).toBe(linkCodeFor('link-7'));
    const codes = new Set(Array.from({ length: 50 }, (_, index) => linkCodeFor(`link-${index}`)));
    expect(codes.size).toBeGreaterThan(45);
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

describe('what an opened link says before the backend is asked', () => {
  const none = parseCookieHeader('');
  const minutes = 60_000;

  const cases: [string, () => string, 'expired' | undefined][] = [
    ['a link sent just now, in milliseconds', () => String(Date.now()), undefined],
    ['one sent 15 minutes ago, within the clock tolerance', () => String(Date.now() - 15 * minutes), undefined],
    ['one sent 17 minutes ago', () => String(Date.now() - 17 * minutes), 'expired'],
    ['one sent 17 minutes ago, in seconds', () => String(Math.floor((Date.now() - 17 * minutes) / 1000)), 'expired'],
    ['one sent a day ago, in seconds', () => String(Math.floor((Date.now() - 24 * 60 * minutes) / 1000)), 'expired'],
    ['a timestamp in the future', () => String(Date.now() + 60 * minutes), undefined],
    ['a timestamp that is no number', () => '2026-11-24T10:00:00Z', undefined],
    ['a negative one', () => '-1', undefined],
    ['one of more digits than any time', () => '9'.repeat(40), undefined],
  ];
  it.each(cases)('%s', async (_case, timestamp, verdict) => {
    await expect(linkVerdictBeforeCheck(none, { uuid: 'any', timestamp: timestamp() })).resolves.toBe(verdict);
  });
});

describe('the lock on links to one address', () => {
  afterEach(() => jest.useRealTimers());

  it('is taken by one request at a time: the others learn how long is left, counting down from 30 s, for that address only', async () => {
    jest.useFakeTimers({ now: Date.parse('2026-11-25T12:00:00Z') });
    await expect(takeLinkLock('lock-probe@acme.test')).resolves.toBe(0);
    jest.setSystemTime(Date.parse('2026-11-25T12:00:12Z'));
    await expect(takeLinkLock(' Lock-Probe@ACME.test ')).resolves.toBe(18_000);
    await expect(takeLinkLock('other-probe@acme.test')).resolves.toBe(0);
    jest.setSystemTime(Date.parse('2026-11-25T12:00:30Z'));
    await expect(takeLinkLock('lock-probe@acme.test')).resolves.toBe(0);
  });

  it('given back by a request that sent no link, it is free at once', async () => {
    await expect(takeLinkLock('released-probe@acme.test')).resolves.toBe(0);
    await expect(takeLinkLock('released-probe@acme.test')).resolves.toBeGreaterThan(29_000);
    await releaseLinkLock('released-probe@acme.test');
    await expect(takeLinkLock('released-probe@acme.test')).resolves.toBe(0);
  });

  it('is one lock for an internationalised domain, as typed or in ASCII (Firefox and Chromium post either)', async () => {
    await expect(takeLinkLock('anna@müller-probe.de')).resolves.toBe(0);
    await expect(takeLinkLock('Anna@xn--mller-probe-thb.de')).resolves.toBeGreaterThan(29_000);
    // The control: another domain is another address.
    await expect(takeLinkLock('anna@muller-probe.de')).resolves.toBe(0);
  });
});

/** How many e-mail sign-ins reached a step, as an operator's dashboard reads it. */
async function emailStep(step: SignInStep): Promise<number> {
  const series = `desk_login_sign_in_steps_total{method="email",step="${step}"}`;
  const line = (await metricsExposition()).body.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return Number(line?.slice(series.length + 1));
}

function linkOf(uuid: string) {
  return { email: 'anna@acme.test', uuid, signature: 'signature', timestamp: String(Date.now()), domain: '', userName: '', displayName: '' };
}

/** The confirming action, posted to the link's own address, whose query proxy.ts names. */
async function confirmLinkAt(uuid: string, form: FormData) {
  const posted = new Headers(await headers());
  posted.set(VIEW_QUERY_HEADER, new URLSearchParams(linkOf(uuid)).toString());
  jest.mocked(headers).mockResolvedValue(posted as never);
  return await confirmSignInLink('en', { status: 'checking' }, form);
}

function confirmation(fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

describe('the funnel of one e-mailed link', () => {
  beforeEach(() => {
    jest.mocked(isValidId).mockReset();
    jest.mocked(isValidLink).mockResolvedValue({ ok: true, value: true });
    jest.mocked(headers).mockResolvedValue(new Headers({ 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0' }) as never);
  });

  it('hands off once when both the link\'s tab and the waiting tab of the browser that asked sign in with it', async () => {
    const before = { sent: await emailStep('link_sent'), confirmed: await emailStep('link_confirmed'), handedOff: await emailStep('handed_off') };
    const jar = browserJar();
    await startWaitingForLink(jar, host, { uuid: 'link-tabs', email: 'anna@acme.test', fromSignUp: false, deviceId: 'device-tabs' });
    jest.mocked(isValidId).mockResolvedValue({ ok: true, value: { confirmed: true, subDomain: 'acme', authToken: 'token-tabs' } });

    requestFrom(jar);
    await expect(confirmLinkAt('link-tabs', confirmation())).resolves.toEqual({ status: 'signed-in', location: 'https://acme.desk.test/' });
    // The waiting tab's next poll, and a second poll of another tab with the same cookies.
    requestFrom(jar);
    await expect(checkEmailSignIn()).resolves.toEqual({ state: 'signed-in', location: 'https://acme.desk.test/' });
    await expect(checkEmailSignIn()).resolves.toEqual({ state: 'signed-in', location: 'https://acme.desk.test/' });

    expect(await emailStep('link_sent')).toBe(before.sent + 1);
    expect(await emailStep('link_confirmed')).toBe(before.confirmed + 1);
    expect(await emailStep('handed_off')).toBe(before.handedOff + 1);
  });

  it('hands off once when another browser confirms the link, is signed in there, and the code signs in the browser that asked', async () => {
    const before = { confirmed: await emailStep('link_confirmed'), handedOff: await emailStep('handed_off') };
    const waiting = browserJar();
    await startWaitingForLink(waiting, host, { uuid: 'link-code', email: 'anna@acme.test', fromSignUp: false, deviceId: 'device-code' });
    jest.mocked(isValidId).mockResolvedValue({ ok: true, value: { confirmed: true, subDomain: 'acme', authToken: 'token-code' } });

    const other = browserJar();
    requestFrom(other);
    // The mark a held status request of the browser that asked looks for: set by the confirmation, not by the link's page asking first.
    await expect(confirmLinkAt('link-code', confirmation())).resolves.toEqual({ status: 'ask' });
    expect(await isLinkConfirmed('link-code')).toBe(false);
    await expect(confirmLinkAt('link-code', confirmation({ [CONFIRM_FIELD]: 'yes' }))).resolves.toEqual({
      status: 'confirmed-elsewhere',
      code: linkCodeFor('link-code'),
      location: 'https://acme.desk.test/',
      // Said only now, after the backend took the link as genuine (issue 48).
      askedAt: expect.stringMatching(/^askedAt\{"minutes":0,"device":/),
    });
    expect(await isLinkConfirmed('link-code')).toBe(true);
    // Opened twice there: confirmed and handed off still once.
    await confirmLinkAt('link-code', confirmation({ [CONFIRM_FIELD]: 'yes' }));
    expect(other.jar.get('acmeAccessToken')?.value).toBe('token-code');
    requestFrom(waiting);
    await expect(checkEmailSignIn()).resolves.toEqual({ state: 'code-needed' });
    requestFrom(waiting);
    await expect(continueWithLinkCode(linkCodeFor('link-code'))).resolves.toEqual({ state: 'signed-in', location: 'https://acme.desk.test/' });

    expect(await emailStep('link_confirmed')).toBe(before.confirmed + 1);
    expect(await emailStep('handed_off')).toBe(before.handedOff + 1);
    // Positive control: another link is another sign-in.
    const another = browserJar();
    await startWaitingForLink(another, host, { uuid: 'link-code-2', email: 'anna@acme.test', fromSignUp: false, deviceId: 'device-code-2' });
    requestFrom(another);
    await confirmLinkAt('link-code-2', confirmation());
    expect(await emailStep('handed_off')).toBe(before.handedOff + 2);
  });
});

describe('the code during a rotation of SESSION_SECRET (issue 48)', () => {
  type Modules = { wait: typeof import('@/lib/flows/email-sign-in/wait'); code: typeof import('@/lib/flows/email-sign-in/link-code'); headers: jest.Mock; cookies: jest.Mock; isValidId: jest.Mock };
  const secretBefore = process.env.SESSION_SECRET!;

  /** The modules of an instance that runs with the new secret and the former one as SESSION_SECRET_PREVIOUS. */
  async function rotatedInstance(): Promise<Modules> {
    let modules: Modules | undefined;
    const saved = { ...process.env };
    await jest.isolateModulesAsync(async () => {
      process.env.SESSION_SECRET = 'the-new-secret-after-rotation-of-32-characters';
      process.env.SESSION_SECRET_PREVIOUS = secretBefore;
      (await import('@/lib/platform/settings/config')).getConfig(); // read the environment now, not on first use
      const nextHeaders = await import('next/headers');
      modules = {
        wait: await import('@/lib/flows/email-sign-in/wait'),
        code: await import('@/lib/flows/email-sign-in/link-code'),
        headers: nextHeaders.headers as unknown as jest.Mock,
        cookies: nextHeaders.cookies as unknown as jest.Mock,
        isValidId: (await import('@/lib/platform/backend/auth')).isValidId as unknown as jest.Mock,
      };
    });
    process.env = saved;
    return modules!;
  }

  function requestAt(instance: Modules, jar: ReturnType<typeof browserJar>) {
    instance.headers.mockResolvedValue(new Headers({ host: 'web.desk.test', 'x-forwarded-proto': 'https', cookie: jar.header(), 'user-agent': 'Mozilla/5.0 Firefox/133.0' }));
    instance.cookies.mockResolvedValue(jar);
  }

  it('takes the former secret\'s code only for a link asked before the rotation, within the link\'s fifteen minutes; a link asked after takes only the new code', async () => {
    jest.mocked(headers).mockResolvedValue(new Headers({ 'user-agent': 'Mozilla/5.0 Firefox/133.0' }) as never);
    const rotated = await rotatedInstance();
    const asked = Date.now();
    const clock = jest.spyOn(Date, 'now').mockReturnValue(asked);
    try {
      // Asked at an instance that has not rotated yet, whose confirming page shows the code of the former secret.
      const before = browserJar();
      await startWaitingForLink(before, host, { uuid: 'link-rotation-1', email: 'anna@acme.test', fromSignUp: false, deviceId: 'device-r1' });
      const formerCode = linkCodeFor('link-rotation-1');
      expect(rotated.code.linkCodeFor('link-rotation-1')).not.toBe(formerCode);

      // Inside the window: five minutes on, at a rotated instance, the former code still signs in.
      clock.mockReturnValue(asked + 5 * 60_000);
      rotated.isValidId.mockResolvedValue({ ok: true, value: { confirmed: true, subDomain: 'acme', authToken: 'token-r1' } });
      requestAt(rotated, before);
      await expect(rotated.wait.checkEmailSignIn()).resolves.toEqual({ state: 'code-needed' });
      requestAt(rotated, before);
      await expect(rotated.wait.continueWithLinkCode(formerCode)).resolves.toEqual({ state: 'signed-in', location: 'https://acme.desk.test/' });

      // After it: a link asked at a rotated instance twenty minutes on takes no code of the former secret.
      clock.mockReturnValue(asked + 20 * 60_000);
      const after = browserJar();
      requestAt(rotated, after);
      await rotated.wait.startWaitingForLink(after, host, { uuid: 'link-rotation-2', email: 'anna@acme.test', fromSignUp: false, deviceId: 'device-r2' });
      rotated.isValidId.mockResolvedValue({ ok: true, value: { confirmed: true, subDomain: 'acme', authToken: 'token-r2' } });
      requestAt(rotated, after);
      await expect(rotated.wait.checkEmailSignIn()).resolves.toEqual({ state: 'code-needed' });
      requestAt(rotated, after);
      await expect(rotated.wait.continueWithLinkCode(linkCodeFor('link-rotation-2'))).resolves.toEqual({ state: 'wrong', triesLeft: 4 });
      // The control: the code of the secret in force signs that link in.
      requestAt(rotated, after);
      await expect(rotated.wait.continueWithLinkCode(rotated.code.linkCodeFor('link-rotation-2'))).resolves.toEqual({ state: 'signed-in', location: 'https://acme.desk.test/' });
    } finally {
      clock.mockRestore();
    }
  });
});
