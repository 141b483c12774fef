import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import Redis from 'ioredis';
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { backendCalls, latestSignInLink, uniqueAddress } from './support/backend.ts';
import { DEDICATED_HTTP_PORTS, DEDICATED_HTTPS_PORTS, documentsOnlyBrowser, startDeployment, type Deployment } from './support/dedicated-deployment.ts';
import { DOMAIN, HTTPS_PORT, testPort } from './support/environment.ts';
import { startRedis, type RedisServer } from './support/redis.ts';
import { startPath } from './support/single-sign-on.ts';
import { continueWithCode } from './support/sign-in.ts';

/**
 * One truth for the fleet: two instances behind nginx in strict round robin share one real Redis
 * (REDIS_URL), and every limit of a sign-in holds across both as it would in one process. Each
 * request of a browser without JavaScript is a step of the flow, so consecutive steps land on
 * alternate instances (nginx's log says which). `FLEET_WITHOUT_REDIS=1` runs the same tests
 * with no REDIS_URL, each instance counting alone: each of them then fails.
 */

const APP_PORTS = [testPort(4581), testPort(4582)];
const REDIS_PORT = testPort(4583);
const CALLBACK = `https://cc.${DOMAIN}:${HTTPS_PORT}/sso/callback`;

let deployment: Deployment;
let redis: RedisServer;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  redis = await startRedis(REDIS_PORT);
  deployment = await startDeployment('fleet', {
    httpsPort: DEDICATED_HTTPS_PORTS.fleet,
    httpPort: DEDICATED_HTTP_PORTS.fleet,
    appPorts: APP_PORTS,
    environment: { REDIS_URL: process.env.FLEET_WITHOUT_REDIS ? '' : redis.url, REDIS_KEY_PREFIX: 'fleet-e2e:' },
  });
});

test.afterAll(async () => {
  // How long Redis took to answer under this run's load: the measurements behind CALL_TIMEOUT_MS (lib/platform/shared-store/).
  const histograms = await Promise.all(
    (deployment?.instances ?? []).map(async (instance) =>
      (await (await fetch(`http://127.0.0.1:${instance.metricsPort}/metrics`)).text()).split('\n').filter((line) => line.startsWith('desk_login_shared_state_call_duration_seconds')),
    ),
  ).catch(() => []);
  mkdirSync('reports', { recursive: true });
  writeFileSync('reports/shared-store-calls.txt', histograms.map((lines, index) => [`# instance ${APP_PORTS[index]}`, ...lines].join('\n')).join('\n'));
  await deployment?.stop();
  await redis?.stop();
});

/** The instances that served this run's form posts to `path`, in order. */
function postedTo(path: string, since: number): number[] {
  return deployment
    .forwarded()
    .slice(since)
    .filter((entry) => entry.method === 'POST' && entry.path === path)
    .map((entry) => Number(entry.upstream.split(':').at(-1)));
}

async function askForLink(page: Page, email: string): Promise<void> {
  await page.getByLabel('Work e-mail').fill(email);
  await page.getByRole('button', { name: 'Send sign-in link' }).click();
}

/**
 * A browser that asked for a link to `email` (a seeded user's), confirmed in another browser: it
 * now waits for the code that browser showed. Returns the waiting page and the code.
 */
async function waitingForCode(browser: Browser, email: string): Promise<{ context: BrowserContext; page: Page; code: string }> {
  const context = await documentsOnlyBrowser(browser, deployment);
  const page = await context.newPage();
  await page.goto(`${deployment.origin}/login/en`);
  await askForLink(page, email);
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();

  const phone = await documentsOnlyBrowser(browser, deployment);
  const phonePage = await phone.newPage();
  const mailed = new URL(await latestSignInLink(page.request, email));
  await phonePage.goto(new URL(`${mailed.pathname}${mailed.search}`, deployment.origin).toString());
  await phonePage.getByRole('button', { name: 'Yes, sign me in' }).click();
  const code = (await phonePage.getByTestId('link-code').textContent()) ?? '';
  expect(code).toMatch(/^\d{6}$/);
  await phone.close();

  // "I have opened the link": the wait learns that the link was confirmed elsewhere, and asks for the code.
  await expect(async () => {
    await page.goto(`${deployment.origin}/login/en/mail-sent`);
    await page.getByRole('button', { name: 'I have opened the link' }).click();
    await expect(page.getByRole('textbox', { name: 'Code of six digits' })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  return { context, page, code };
}

function wrongCodeFor(code: string): string {
  return code === '000000' ? '111111' : '000000';
}

async function typeWrongCode(page: Page, code: string): Promise<void> {
  await continueWithCode(page, wrongCodeFor(code));
}

test('one sign-in link per address per 30 s, across both instances; another address is not held back', async ({ browser }) => {
  const since = deployment.forwarded().length;
  const email = uniqueAddress('anna@acme.test');
  const people = await Promise.all(Array.from({ length: 4 }, () => documentsOnlyBrowser(browser, deployment)));
  const pages = await Promise.all(people.map((person) => person.newPage()));
  for (const page of pages) await page.goto(`${deployment.origin}/login/en`);
  const answers: string[] = [];
  for (const page of pages) {
    await askForLink(page, email);
    const heading = page.getByRole('heading', { name: /Check your inbox|Please wait a moment/ });
    answers.push((await heading.textContent()) ?? '');
  }
  expect(new Set(postedTo('/login/en', since)), 'the four posts reached both instances').toEqual(new Set(APP_PORTS));
  expect(answers.filter((answer) => answer === 'Check your inbox')).toHaveLength(1);
  expect(answers.filter((answer) => answer === 'Please wait a moment')).toHaveLength(3);

  // The control: the lock is the address's, not the fleet's.
  await pages[0]!.goto(`${deployment.origin}/login/en`);
  await askForLink(pages[0]!, uniqueAddress('anna@acme.test'));
  await expect(pages[0]!.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await Promise.all(people.map((person) => person.close()));
});

test('five code tries per link in the whole fleet: a replayed cookie gains none, and the right code afterwards fails', async ({ browser }) => {
  const { context, page, code } = await waitingForCode(browser, uniqueAddress('anna@acme.test'));
  const replayed = await context.cookies();
  const since = deployment.forwarded().length;

  for (const triesLeft of ['4 more tries', '3 more tries', '2 more tries']) {
    await typeWrongCode(page, code);
    await expect(page.getByText(triesLeft)).toBeVisible();
  }
  // The browser's state from before those tries, sent again.
  await context.clearCookies();
  await context.addCookies(replayed);
  await page.goto(`${deployment.origin}/login/en/mail-sent`);
  await typeWrongCode(page, code);
  await expect(page.getByText('One more try: after that this sign-in ends.')).toBeVisible();
  await typeWrongCode(page, code);
  await expect(page.getByText('The code was wrong five times')).toBeVisible();
  expect(new Set(postedTo('/login/en/mail-sent', since)), 'the tries reached both instances').toEqual(new Set(APP_PORTS));

  // And once more, now with the right code.
  await context.clearCookies();
  await context.addCookies(replayed);
  await page.goto(`${deployment.origin}/login/en/mail-sent`);
  await continueWithCode(page, code);
  await expect(page.getByText('The code was wrong five times')).toBeVisible();
  expect(page.url()).toMatch(/\/login\/en\?error=link-code-attempts$/);
  await context.close();

  // The control: another wait, two wrong tries, then the right code signs in.
  const other = await waitingForCode(browser, uniqueAddress('anna@acme.test'));
  await typeWrongCode(other.page, other.code);
  await typeWrongCode(other.page, other.code);
  await expect(other.page.getByText('3 more tries')).toBeVisible();
  await continueWithCode(other.page, other.code);
  await expect(other.page).toHaveURL(`${deployment.origin.replace('//web.', '//acme.')}/`);
  await other.context.close();
});

/** A GET straight to one instance, as nginx forwards it, with this browser's sign-in state. */
async function atInstance(request: APIRequestContext, port: number, path: string, waiting?: string) {
  const response = await request.get(`http://127.0.0.1:${port}${path}`, {
    headers: { host: new URL(deployment.origin).host, 'x-forwarded-proto': 'https', ...(waiting ? { cookie: `__Host-emailSignIn=${waiting}` } : {}) },
    maxRedirects: 0,
  });
  return { status: response.status(), location: response.headers().location ?? '', body: await response.text() };
}

/**
 * The link's holder, in a browser of its own, says "I did not ask for this"; given `asked`, after
 * "Yes", where it reads when and from what device the link was asked for (said only once the
 * backend has checked the link, issue 48).
 */
async function declinedElsewhere(browser: Browser, linkPath: string, asked?: string): Promise<void> {
  const holder = await documentsOnlyBrowser(browser, deployment);
  const holderPage = await holder.newPage();
  await holderPage.goto(new URL(linkPath, deployment.origin).toString());
  if (asked !== undefined) {
    await holderPage.getByRole('button', { name: 'Yes, sign me in' }).click();
    await expect(holderPage.getByText(asked)).toBeVisible();
  }
  await holderPage.getByRole('button', { name: 'I did not ask for this' }).click();
  await expect(holderPage.getByRole('heading', { name: 'Nobody was signed in' })).toBeVisible();
  await holder.close();
}

/** A browser without script that asked for a link to `email`: it, and its sealed wait as a cookie value. */
async function askedForLink(browser: Browser, email: string, userAgent?: string): Promise<{ asking: BrowserContext; waiting: string }> {
  const asking = await browser.newContext({ ignoreHTTPSErrors: true, javaScriptEnabled: false, ...(userAgent ? { userAgent } : {}) });
  const page = await asking.newPage();
  await page.goto(`${deployment.origin}/login/en`);
  await askForLink(page, email);
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  return { asking, waiting: (await asking.cookies()).find((cookie) => cookie.name === '__Host-emailSignIn')?.value ?? '' };
}

test("what the link's holder sees and says reaches every instance: when and from what device it was asked, and “I did not ask for this”", async ({ browser, request }) => {
  const email = uniqueAddress('anna@acme.test');
  const { asking, waiting } = await askedForLink(browser, email, 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0');
  const mailed = new URL(await latestSignInLink(request, email));
  // The mailed link names no language: the first answer sends it to the language of the browser.
  const inLanguage = new URL((await atInstance(request, APP_PORTS[0]!, `${mailed.pathname}${mailed.search}`)).location, deployment.origin);
  const linkPath = `${inLanguage.pathname}${inLanguage.search}`;
  expect(linkPath).toMatch(/^\/login\/en\/validatelink\?/);

  for (const port of APP_PORTS) {
    // Before the backend has checked the link, no instance tells who asked for it.
    expect((await atInstance(request, port, linkPath)).body, `the link at ${port}`).not.toContain('Asked for');
    // The control: before anyone declined, each instance has the wait pending.
    expect(JSON.parse((await atInstance(request, port, '/login/api/email-sign-in/status', waiting)).body)).toEqual({ state: 'pending' });
  }

  await declinedElsewhere(browser, linkPath, 'Asked for just now, from Firefox on Windows.');

  for (const port of APP_PORTS) {
    expect(JSON.parse((await atInstance(request, port, '/login/api/email-sign-in/status', waiting)).body), `the wait at ${port}`).toEqual({ state: 'declined' });
    const again = await atInstance(request, port, linkPath);
    expect(again.location, `the link again at ${port}`).toMatch(/\/login\/en\/validatelink\/declined$/);
  }
  await asking.close();
});

test('one backend check per wait every 3 s, however many polls reach however many instances', async ({ browser, request }) => {
  const email = uniqueAddress('anna@acme.test');
  const { asking, waiting } = await askedForLink(browser, email);
  const uuid = new URL(await latestSignInLink(request, email)).searchParams.get('uuid') ?? '';
  const checks = async () => (await backendCalls(request)).filter((call) => call.path.endsWith(`/${uuid}/isValidId/`)).length;

  // 20 polls, alternately at each instance, within well under 3 s.
  const polls = await Promise.all(Array.from({ length: 20 }, (_, poll) => atInstance(request, APP_PORTS[poll % 2]!, '/login/api/email-sign-in/status', waiting)));
  expect(polls.map((poll) => JSON.parse(poll.body) as unknown)).toEqual(Array.from({ length: 20 }, () => ({ state: 'pending' })));
  expect(await checks()).toBe(1);
  // The control: once the 3 s are over, the next poll asks again.
  await new Promise((resolve) => setTimeout(resolve, 3_100));
  await atInstance(request, APP_PORTS[1]!, '/login/api/email-sign-in/status', waiting);
  expect(await checks()).toBe(2);
  await asking.close();
});

test('a waiting view with script learns at its next look that the link was confirmed in another browser, whichever instance holds its request', async ({ browser, request }) => {
  const email = uniqueAddress('anna@acme.test');
  const asking = await browser.newContext({ ignoreHTTPSErrors: true });
  const page = await asking.newPage();
  await page.goto(`${deployment.origin}/login/en`);
  const held = page.waitForRequest((asked) => asked.url().endsWith('/login/api/email-sign-in/status?hold=pending'));
  await askForLink(page, email);
  await expect(page.getByText('Waiting for you to open the link…')).toBeVisible();
  // Confirmed while the view's request is held: the held request's looks must tell.
  await held;
  const since = deployment.forwarded().length;

  const phone = await documentsOnlyBrowser(browser, deployment);
  const mailed = new URL(await latestSignInLink(request, email));
  const phonePage = await phone.newPage();
  await phonePage.goto(new URL(`${mailed.pathname}${mailed.search}`, deployment.origin).toString());
  await phonePage.getByRole('button', { name: 'Yes, sign me in' }).click();
  const code = (await phonePage.getByTestId('link-code').textContent()) ?? '';
  // One more request in nginx's strict round robin: the request after the look's news goes to the
  // other instance, which did not hear the backend's answer (as in a fleet it mostly would).
  await phonePage.goto(`${deployment.origin}/login/en/invalid`);
  await phone.close();

  // One look (every 5 s) and the request after it.
  await expect(page.getByRole('textbox', { name: 'Code of six digits' })).toBeVisible({ timeout: 9_000 });
  const statusAnswers = deployment.forwarded().slice(since).filter((entry) => entry.path.startsWith('/login/api/email-sign-in/status'));
  expect(statusAnswers.map((entry) => entry.upstream), 'the held request, then the one after its news, at the other instance').toEqual([expect.any(String), expect.not.stringMatching(`^${statusAnswers[0]?.upstream}$`)]);
  await continueWithCode(page, code);
  await expect(page).toHaveURL(`${deployment.origin.replace('//web.', '//acme.')}/`);
  await asking.close();
});

/** A sign-in handed to the app with a code, as the app starts it with its own verifier. */
async function appCodeFor(page: Page): Promise<{ code: string; verifier: string; challenge: string }> {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  await page.goto(startPath('google', { login_hint: 'sso-one@acme.test', redirect_uri: CALLBACK, code_challenge: challenge, code_challenge_method: 'S256' }, deployment.origin));
  await expect(page).toHaveURL(/\?code=[^&]+$/);
  return { code: new URL(page.url()).searchParams.get('code') ?? '', verifier, challenge };
}

/** The app redeems its code at one instance, straight, as nginx would forward it. */
async function redeemAt(request: APIRequestContext, port: number, { code, verifier }: { code: string; verifier: string }) {
  const response = await request.post(`http://127.0.0.1:${port}/login/api/sso/token`, {
    headers: { host: new URL(deployment.origin).host, 'x-forwarded-proto': 'https' },
    form: { code, code_verifier: verifier },
  });
  return { status: response.status(), body: (await response.json()) as Record<string, unknown>, retryAfter: response.headers()['retry-after'] };
}

test('an app code redeemed at one instance is refused at the other', async ({ page, request }) => {
  const app = await appCodeFor(page);
  // The control: the first redemption, at one instance, gives the token.
  expect(await redeemAt(request, APP_PORTS[0]!, app)).toEqual({ status: 200, body: { token: expect.any(String), subDomain: 'acme' }, retryAfter: undefined });
  expect(await redeemAt(request, APP_PORTS[1]!, app)).toEqual({ status: 400, body: { error: 'invalid_grant' }, retryAfter: undefined });
});

test('Redis down: a code is not checked and the person is asked to try again in a minute; the link lock holds per instance; Redis back, the fleet recovers', async ({ browser }) => {
  const { context, page, code } = await waitingForCode(browser, uniqueAddress('anna@acme.test'));
  await redis.stop();
  try {
    await continueWithCode(page, code);
    await expect(page.getByText('Your code could not be checked just now. Please try again in a minute.')).toBeVisible();
    expect(page.url()).toMatch(/\/login\/en\/mail-sent$/);

    // Degraded, not stopped: a link still goes out, each instance holding its own lock meanwhile.
    const since = deployment.forwarded().length;
    const email = uniqueAddress('anna@acme.test');
    const asking = await documentsOnlyBrowser(browser, deployment);
    const askingPage = await asking.newPage();
    const answers: string[] = [];
    for (let post = 0; post < 3; post++) {
      await askingPage.goto(`${deployment.origin}/login/en`);
      await askForLink(askingPage, email);
      answers.push((await askingPage.getByRole('heading', { name: /Check your inbox|Please wait a moment/ }).textContent()) ?? '');
    }
    await asking.close();
    expect(answers).toContain('Check your inbox');
    expect(answers).toContain('Please wait a moment');
    expect(new Set(postedTo('/login/en', since))).toEqual(new Set(APP_PORTS));
    for (const instance of deployment.instances) {
      const said = instance.logLines().map((line) => line.msg);
      expect(said.some((msg) => String(msg).startsWith('shared store unreachable')), `instance ${instance.port}`).toBe(true);
    }
  } finally {
    await redis.start();
  }

  // The same code, typed again once Redis answers: the sign-in completes.
  await expect(async () => {
    await page.goto(`${deployment.origin}/login/en/mail-sent`);
    await continueWithCode(page, code);
    await expect(page).toHaveURL(`${deployment.origin.replace('//web.', '//acme.')}/`, { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await context.close();
});

/** Every key under the fleet's prefix, with its value as Redis holds it (a string, or a hash's fields). */
async function storeContents(): Promise<Map<string, string>> {
  const client = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await client.connect();
  try {
    const contents = new Map<string, string>();
    for (const key of await client.keys('fleet-e2e:*')) {
      const type = await client.type(key);
      const value = type === 'string' ? ((await client.get(key)) ?? '') : JSON.stringify(type === 'hash' ? await client.hgetall(key) : type);
      contents.set(key, value);
    }
    return contents;
  } finally {
    client.disconnect();
  }
}

/** What a reader of the store must never find: the secret itself, and its unkeyed digests in the spellings a store would use. */
function spellingsOf(secret: string): string[] {
  const digests = [createHash('sha256').update(secret), createHash('sha256').update(secret.toLowerCase())].flatMap((hash) => {
    const bytes = hash.digest();
    return [bytes.toString('hex'), bytes.toString('base64'), bytes.toString('base64url')];
  });
  return [secret, secret.toLowerCase(), encodeURIComponent(secret), ...digests];
}

/**
 * The no-script form of "I did not ask for this" on a link's page, as a browser posts it with that
 * button: every field of the form in order, the button's own name among them.
 */
async function declineForm(page: Page): Promise<{ fields: [string, string][]; action: string; declineRef: string }> {
  const button = page.getByRole('button', { name: 'I did not ask for this' });
  const declineRef = ((await button.getAttribute('name')) ?? '').replace('$ACTION_REF_', '');
  const form = page.locator('form').filter({ has: button });
  const fields = await form
    .locator('input, button[name^="$ACTION_REF_"]')
    .evaluateAll((elements) => elements.map((element) => [(element as HTMLInputElement).name, element instanceof HTMLButtonElement ? '' : (element as HTMLInputElement).value] as [string, string]));
  return { fields, action: page.url(), declineRef };
}

/** Posts that form as a browser without script would, with the decline's bound arguments replaced by `rebind`. */
async function postDecline(request: APIRequestContext, form: Awaited<ReturnType<typeof declineForm>>, rebind: (bound: unknown[]) => unknown[]) {
  const body = new FormData();
  for (const [name, value] of form.fields) body.append(name, name === `$ACTION_${form.declineRef}:1` ? JSON.stringify(rebind(JSON.parse(value) as unknown[])) : value);
  const { pathname, search, host } = new URL(form.action);
  const response = await request.post(`http://127.0.0.1:${APP_PORTS[0]}${pathname}${search}`, {
    multipart: body,
    headers: { host, 'x-forwarded-proto': 'https', origin: deployment.origin },
    maxRedirects: 0,
  });
  return { status: response.status(), location: response.headers().location ?? '' };
}

/** A link asked for by one browser without script, opened by another: the link's holder, on its page. */
async function linkOpenedElsewhere(browser: Browser, request: APIRequestContext, email: string) {
  const { asking, waiting } = await askedForLink(browser, email);
  const link = new URL(await latestSignInLink(request, email));
  const holder = await documentsOnlyBrowser(browser, deployment);
  const holderPage = await holder.newPage();
  await holderPage.goto(new URL(`${link.pathname}${link.search}`, deployment.origin).toString());
  return { asking, waiting, link, holder, holderPage };
}

test.describe('the shared store holds nothing worth stealing, and nothing a client can grow', () => {
  test('after a sign-in confirmed elsewhere, a declined link and a redeemed app code, no key or value holds an address, link id, signature, code or their plain digests', async ({ browser, request, page }) => {
    const signedIn = uniqueAddress('anna@acme.test');
    const { context, page: waiting, code } = await waitingForCode(browser, signedIn);
    const signedInLink = new URL(await latestSignInLink(request, signedIn));
    await continueWithCode(waiting, code);
    await expect(waiting).toHaveURL(`${deployment.origin.replace('//web.', '//acme.')}/`);
    await context.close();

    const declined = uniqueAddress('anna@acme.test');
    const { asking, link: declinedLink, holder, holderPage } = await linkOpenedElsewhere(browser, request, declined);
    await holderPage.getByRole('button', { name: 'I did not ask for this' }).click();
    await expect(holderPage.getByRole('heading', { name: 'Nobody was signed in' })).toBeVisible();
    await holder.close();
    await asking.close();

    const app = await appCodeFor(page);
    expect((await redeemAt(request, APP_PORTS[0]!, app)).status).toBe(200);

    const contents = await storeContents();
    // The positive control: every kind of mark the flows above leave is in the store.
    const kinds = new Set([...contents.keys()].map((key) => key.split(':')[1]));
    for (const kind of ['link_lock', 'code_tries', 'declined_links', 'confirmed_links', 'link_requests', 'sign_in_steps', 'app_codes']) expect(kinds, `keys of ${kind}`).toContain(kind);

    const secrets = {
      'an address': [signedIn, declined, 'sso-one@acme.test'],
      'a link id': [signedInLink, declinedLink].map((link) => link.searchParams.get('uuid') ?? ''),
      "a link's signature": [signedInLink, declinedLink].map((link) => link.searchParams.get('signature') ?? ''),
      'a code': [app.code, app.verifier, app.challenge],
    };
    const everything = [...contents].flat().join('\n');
    for (const [what, values] of Object.entries(secrets)) {
      for (const value of values) {
        expect(value.length, what).toBeGreaterThan(5);
        for (const spelling of spellingsOf(value)) expect(everything.includes(spelling), `${what} (${spelling.slice(0, 12)}…) in the store`).toBe(false);
      }
    }
  });

  test('a decline counts only for the link its page showed: a swapped or an enlarged id is refused and stores nothing; the honest decline still works', async ({ browser, request }) => {
    const victim = uniqueAddress('anna@acme.test');
    const { asking: victimBrowser, waiting: victimWait } = await askedForLink(browser, victim);
    const victimUuid = new URL(await latestSignInLink(request, victim)).searchParams.get('uuid') ?? '';

    const { asking, link: attackerLink, holder, holderPage } = await linkOpenedElsewhere(browser, request, uniqueAddress('anna@acme.test'));
    const form = await declineForm(holderPage);
    const linkFields = Object.fromEntries(attackerLink.searchParams);
    const declines = async () => [...(await storeContents()).keys()].filter((key) => key.startsWith('fleet-e2e:declined_links:')).length;
    const declinesBefore = await declines();

    const swapped = await postDecline(request, form, ([language]) => [language, { ...linkFields, uuid: victimUuid }]);
    // Over the schema's 128 characters, within the size of a post the app takes (lib/platform/pages/form-post-limit.ts).
    const enlarged = await postDecline(request, form, ([language]) => [language, { ...linkFields, uuid: 'a'.repeat(20_000) }]);
    for (const [what, answer] of Object.entries({ swapped, enlarged })) {
      expect(answer.status, `the ${what} id`).toBeLessThan(500);
      expect(answer.location, `the ${what} id`).not.toMatch(/validatelink\/declined$/);
    }
    // The control: the form as posted, untouched, is the page's decline.
    expect(form.fields.some(([name]) => name === `$ACTION_REF_${form.declineRef}`)).toBe(true);
    expect(await declines(), 'declines stored by the refused posts').toBe(declinesBefore);
    for (const port of APP_PORTS) {
      expect(JSON.parse((await atInstance(request, port, '/login/api/email-sign-in/status', victimWait)).body), `the victim's wait at ${port}`).toEqual({ state: 'pending' });
    }
    const stored = await storeContents();
    expect(Math.max(...[...stored].map(([key, value]) => key.length + value.length)), 'the largest key and value').toBeLessThan(512);

    // The control: the page's own decline declines its own link.
    await holderPage.getByRole('button', { name: 'I did not ask for this' }).click();
    await expect(holderPage.getByRole('heading', { name: 'Nobody was signed in' })).toBeVisible();
    expect(await declines()).toBe(declinesBefore + 1);
    const attackerWait = (await asking.cookies()).find((cookie) => cookie.name === '__Host-emailSignIn')?.value ?? '';
    for (const port of APP_PORTS) {
      expect(JSON.parse((await atInstance(request, port, '/login/api/email-sign-in/status', attackerWait)).body), `the declined wait at ${port}`).toEqual({ state: 'declined' });
    }
    await Promise.all([holder.close(), asking.close(), victimBrowser.close()]);
  });
});

test.describe('one-time stays one-time through an outage of the store', () => {
  test('a decline made while Redis is down still holds at every instance after it returns; each instance says once that Redis went and once that it came back', async ({ browser, request }) => {
    const email = uniqueAddress('anna@acme.test');
    const { asking, waiting } = await askedForLink(browser, email);
    const mailed = new URL(await latestSignInLink(request, email));
    const linkPath = `/login/en/validatelink${mailed.search}`;
    const logsBefore = deployment.instances.map((instance) => instance.logLines().length);

    await redis.stop();
    try {
      await declinedElsewhere(browser, linkPath);
    } finally {
      await redis.start();
    }

    await expect(async () => {
      for (const port of APP_PORTS) {
        expect(JSON.parse((await atInstance(request, port, '/login/api/email-sign-in/status', waiting)).body), `the wait at ${port}`).toEqual({ state: 'declined' });
      }
    }).toPass({ timeout: 10_000 });
    deployment.instances.forEach((instance, index) => {
      const said = instance.logLines().slice(logsBefore[index]);
      expect(said.filter((line) => String(line.msg).startsWith('shared store unreachable')), `instance ${instance.port}`).toHaveLength(1);
      expect(said.filter((line) => line.msg === 'shared store answers again'), `instance ${instance.port}`).toEqual([
        expect.objectContaining({ outageMs: expect.any(Number), callsWithoutRedis: expect.any(Number) }),
      ]);
    });
    await asking.close();
  });

  test('a code typed while Redis is paused is not checked and not counted: afterwards all five tries remain', async ({ browser }) => {
    const { context, page, code } = await waitingForCode(browser, uniqueAddress('anna@acme.test'));
    const client = new Redis(redis.url, { maxRetriesPerRequest: 1 });
    await client.call('CLIENT', 'PAUSE', '3000', 'ALL');
    client.disconnect();
    await typeWrongCode(page, code);
    await expect(page.getByText('Your code could not be checked just now. Please try again in a minute.')).toBeVisible();
    // Past the pause, Redis carries out what it held back.
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    await page.goto(`${deployment.origin}/login/en/mail-sent`);
    await typeWrongCode(page, code);
    await expect(page.getByText('4 more tries')).toBeVisible();
    // The control: a try with Redis answering counts.
    await typeWrongCode(page, code);
    await expect(page.getByText('3 more tries')).toBeVisible();
    await context.close();
  });

  test('an app code is never redeemed twice: while Redis cannot say, redemption is a retryable error; once it answers, one instance redeems it and the other refuses', async ({ page, request }) => {
    const app = await appCodeFor(page);

    await redis.stop();
    try {
      for (const port of APP_PORTS) {
        expect(await redeemAt(request, port, app), `during the outage, at ${port}`).toEqual({ status: 503, body: { error: 'temporarily_unavailable' }, retryAfter: expect.stringMatching(/^\d+$/) });
      }
    } finally {
      await redis.start();
    }
    await expect(async () => expect((await redeemAt(request, APP_PORTS[1]!, app)).status).toBe(200)).toPass({ timeout: 10_000 });
    expect(await redeemAt(request, APP_PORTS[0]!, app)).toEqual({ status: 400, body: { error: 'invalid_grant' }, retryAfter: undefined });
  });
});
