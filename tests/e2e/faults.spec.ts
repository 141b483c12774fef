import { readFileSync } from 'node:fs';
import { providerById } from '../../lib/vocabulary/providers.ts';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { backendCalls, latestSignInLink, newColleague, uniqueAddress } from './support/backend.ts';
import { DEDICATED_HTTP_PORTS, DEDICATED_HTTPS_PORTS, dedicatedOrigin, startDeployment, type Deployment } from './support/dedicated-deployment.ts';
import { organisationOrigin, testPort } from './support/environment.ts';
import { confirmElsewhere, continueWithCode } from './support/sign-in.ts';

/**
 * The development backend and the identity provider fail while a person uses each screen that
 * calls them. For every fault: a translated message, within the backend timeout and a margin, no
 * answer of the app with a 5xx status, and once the fault is over the same button succeeds with
 * what was typed still in place. The fault switches are global to a backend and a provider, so
 * this spec has a deployment with both of its own, and runs its tests one after another beside
 * the rest of the suite.
 */

test.describe.configure({ mode: 'default' });

const LOGIN_ORIGIN = dedicatedOrigin(DEDICATED_HTTPS_PORTS.faults);
const ACME_ORIGIN = organisationOrigin('acme', DEDICATED_HTTPS_PORTS.faults);
test.use({ baseURL: `${LOGIN_ORIGIN}/login/` });

let deployment: Deployment;
test.beforeAll(async () => {
  test.setTimeout(90_000);
  deployment = await startDeployment('faults', {
    httpsPort: DEDICATED_HTTPS_PORTS.faults,
    httpPort: DEDICATED_HTTP_PORTS.faults,
    appPorts: [testPort(4531)],
    servers: { backend: testPort(4532), identityProvider: testPort(4533), identityProviderGeneric: testPort(4534) },
  });
});
test.afterAll(async () => {
  await deployment?.stop();
});

const languages = ['en', 'de', 'nl'] as const;
type Language = (typeof languages)[number];
type Dictionary = Record<string, Record<string, string>>;
const dictionaries = Object.fromEntries(
  languages.map((language) => [language, JSON.parse(readFileSync(`messages/${language}.json`, 'utf8')) as Dictionary]),
) as Record<Language, Dictionary>;

/** `namespace.key` of the app's messages, in one language. */
function text(language: Language, key: string): string {
  const [namespace = '', name = ''] = key.split('.');
  const value = dictionaries[language][namespace]?.[name];
  if (!value) throw new Error(`no message ${key} in ${language}`);
  return value;
}

type FaultMode = 'down' | 'slow' | 'error500' | 'malformed' | 'wrong-shape';

/** What the person is told (docs/decisions.md, The backend): no answer at all, or an answer that is of no use. */
const faults: { mode: FaultMode; message: string }[] = [
  { mode: 'down', message: 'errors.serviceUnavailable' },
  { mode: 'slow', message: 'errors.serviceUnavailable' },
  { mode: 'error500', message: 'errors.somethingWrong' },
  { mode: 'malformed', message: 'errors.somethingWrong' },
  { mode: 'wrong-shape', message: 'errors.somethingWrong' },
];

/** lib/platform/backend/client.ts gives up on a backend call after this long. */
const BACKEND_TIMEOUT_MS = 5_000;
/** The rest of a round trip on a busy machine; well below the 15 s a "slow" backend holds its answer. */
const MARGIN_MS = 6_000;
/** lib/flows/email-sign-in/wait.ts: how often the mail-sent view asks. */
const POLL_INTERVAL_MS = 5_000;

async function setBackendFault(request: APIRequestContext, mode: FaultMode | 'none') {
  expect((await request.post(`${deployment.backendOrigin}/__dev/fault`, { data: { mode } })).ok()).toBe(true);
}

async function setProviderDown(request: APIRequestContext, down: boolean) {
  expect((await request.post(`${deployment.identityProviderOrigin}/__dev/outage`, { data: { down } })).ok()).toBe(true);
}

test.afterEach(async ({ request }) => {
  await setBackendFault(request, 'none');
  await setProviderDown(request, false);
});

/**
 * When the page first asked the app for what calls the backend: a server action (POST) or the
 * provider's return. Page loads and hydration before it are the machine's business, not the fault's.
 */
function watchFirstAsk(page: Page): () => number | undefined {
  let askedAt: number | undefined;
  page.on('request', (request) => {
    if (askedAt !== undefined || !request.url().startsWith(LOGIN_ORIGIN)) return;
    if (request.method() === 'POST' || new URL(request.url()).searchParams.has('code')) askedAt = Date.now();
  });
  return () => askedAt;
}

/** Every answer of the app that the page received with a status of 500 or more. */
function watchServerErrors(page: Page): () => string[] {
  const seen: string[] = [];
  page.on('response', (response) => {
    if (response.url().startsWith(LOGIN_ORIGIN) && response.status() >= 500) seen.push(`${response.status()} ${response.url()}`);
  });
  return () => seen;
}

/** What the person typed, which must survive the failure. */
type Typed = { field: Locator; value: string };

type Screen = {
  name: string;
  /** Opens the screen with everything healthy, as far as the step that calls the backend. */
  open(page: Page, language: Language, request: APIRequestContext): Promise<Typed | undefined>;
  /** The step that calls the backend. */
  act(page: Page, language: Language): Promise<void>;
  /** The person's way to try again, if it is not the same step. */
  retry?(page: Page, language: Language): Promise<void>;
  message(page: Page): Locator;
  succeeded(page: Page, language: Language): Promise<void>;
  /** Faults that cannot be told from success: the answer's shape is not specified, any 2xx is done. */
  accepts?: FaultMode[];
  /** Besides English, these languages for these faults. */
  alsoIn?: { languages: Language[]; modes: FaultMode[] };
};

const alertInMain = (page: Page) => page.getByRole('main').getByRole('alert');

async function reachMailSent(page: Page, language: Language) {
  await expect(page).toHaveURL(new RegExp(`/login/${language}/mail-sent$`), { timeout: 10_000 });
  await expect(page.getByRole('heading', { name: text(language, 'mailSent.heading') })).toBeVisible();
}

async function signInAtProvider(page: Page, language: Language, provider: 'google' | 'microsoft', account = 'sso-one@acme.test') {
  await page.getByRole('link', { name: text(language, 'login.signInWith').replace('{provider}', providerById(provider).name) }).click();
  await expect(page).toHaveTitle(/Local identity provider/);
  await page.getByRole('button', { name: new RegExp(account.replace(/[.+]/g, '\\$&')) }).click();
}

/** The e-mailed link of the validatelink case, from its opening step to its action. */
const linkToOpen = new WeakMap<Page, string>();

const screens: Screen[] = [
  {
    name: 'e-mail sign-in',
    async open(page, language) {
      await page.goto(`/login/${language}`);
      const field = page.getByLabel(text(language, 'login.emailLabel'));
      const value = uniqueAddress('anna@acme.test');
      await field.fill(value);
      return { field, value };
    },
    act: (page, language) => page.getByRole('button', { name: text(language, 'login.submit') }).click(),
    message: alertInMain,
    succeeded: reachMailSent,
    alsoIn: { languages: ['de', 'nl'], modes: ['down', 'error500'] },
  },
  {
    name: 'sign-up',
    async open(page, language) {
      await page.goto(`/login/${language}`);
      await page.getByLabel(text(language, 'login.emailLabel')).fill(newColleague());
      await page.getByRole('button', { name: text(language, 'login.submit') }).click();
      await expect(page).toHaveURL(new RegExp(`/login/${language}/signup$`));
      const field = page.getByLabel(text(language, 'signUp.nameLabel'));
      await field.fill('Dana Jansen');
      return { field, value: 'Dana Jansen' };
    },
    act: (page, language) => page.getByRole('button', { name: text(language, 'signUp.submit') }).click(),
    message: alertInMain,
    succeeded: reachMailSent,
  },
  {
    name: 'invite',
    async open(page, language) {
      const email = `invited.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@acme.test`;
      await page.goto(`/login/${language}/invite-user?email=${encodeURIComponent(email)}&inviteToken=invite-ok`);
      const field = page.getByLabel(text(language, 'invite.nameLabel'));
      await field.fill('Zoë van Dijk');
      return { field, value: 'Zoë van Dijk' };
    },
    act: (page, language) => page.getByRole('button', { name: text(language, 'invite.submit') }).click(),
    message: alertInMain,
    succeeded: reachMailSent,
  },
  {
    name: 'link confirmation (validatelink)',
    async open(page, _language, request) {
      const email = uniqueAddress('anna@acme.test');
      // The earlier step, a link in the mailbox, straight from the backend.
      const sent = await request.get(`${deployment.backendOrigin}/api/v1/flw/auth/${encodeURIComponent(email)}/verifyUser?source=web&deviceId=`);
      expect(sent.ok()).toBe(true);
      linkToOpen.set(page, await latestSignInLink(request, email, deployment.backendOrigin));
      return undefined;
    },
    async act(page, language) {
      // Opened in a browser that did not ask for it: the person confirms with a click.
      await page.goto(linkToOpen.get(page)!);
      await page.getByRole('button', { name: text(language, 'validateLink.confirm') }).click();
    },
    retry: (page, language) => page.getByRole('button', { name: text(language, 'common.tryAgain') }).click(),
    message: alertInMain,
    // Signed in here, and shown the code for the browser that asked: it goes on when the person chooses.
    succeeded: async (page, language) => {
      await page.getByRole('link', { name: text(language, 'validateLink.continueHere') }).click({ timeout: 10_000 });
      await expect(page).toHaveURL(`${ACME_ORIGIN}/`);
    },
  },
  {
    name: 'booking extension (retain)',
    open: async () => undefined,
    async act(page, language) {
      await page.goto(`/login/${language}/bookings-extend?userAction=retain&token=extend-ok`);
    },
    retry: (page, language) => page.getByRole('button', { name: text(language, 'bookings.extend') }).click(),
    message: alertInMain,
    succeeded: (page, language) => expect(page.getByText(text(language, 'bookings.extended'))).toBeVisible({ timeout: 10_000 }),
    accepts: ['malformed', 'wrong-shape'],
  },
  {
    name: 'booking cancellation',
    async open(page, language) {
      await page.goto(`/login/${language}/bookings-extend?userAction=cancel&token=cancel-ok`);
      await expect(page.getByRole('button', { name: text(language, 'bookings.confirmCancel') })).toBeVisible();
      return undefined;
    },
    act: (page, language) => page.getByRole('button', { name: text(language, 'bookings.confirmCancel') }).click(),
    message: alertInMain,
    succeeded: (page, language) => expect(page.getByText(text(language, 'bookings.cancelledBody'))).toBeVisible({ timeout: 10_000 }),
    accepts: ['malformed', 'wrong-shape'],
  },
  {
    name: 'single sign-on return (ssoLogin)',
    async open(page, language) {
      await page.goto(`/login/${language}`);
      return undefined;
    },
    act: (page, language) => signInAtProvider(page, language, 'google'),
    message: alertInMain,
    succeeded: async (page) => {
      await expect(page).toHaveURL(`${ACME_ORIGIN}/`, { timeout: 10_000 });
    },
  },
];

for (const screen of screens) {
  for (const { mode, message } of faults) {
    const caseLanguages: Language[] = ['en', ...(screen.alsoIn?.modes.includes(mode) ? screen.alsoIn.languages : [])];
    for (const language of caseLanguages) {
      const accepted = screen.accepts?.includes(mode);
      test(`${screen.name}, backend ${mode} (${language}): ${accepted ? 'a 2xx is done' : 'a message in time, then the same button works'}`, async ({ page, request }) => {
        const serverErrors = watchServerErrors(page);
        const typed = await screen.open(page, language, request);
        await setBackendFault(request, mode);

        const askedAt = watchFirstAsk(page);
        await screen.act(page, language);
        if (accepted) {
          await screen.succeeded(page, language);
        } else {
          await expect(screen.message(page)).toHaveText(text(language, message), { timeout: BACKEND_TIMEOUT_MS + MARGIN_MS });
          expect(Date.now() - (askedAt() ?? 0), 'the message came within the timeout and a margin').toBeLessThan(BACKEND_TIMEOUT_MS + MARGIN_MS);
          if (typed) await expect(typed.field).toHaveValue(typed.value);

          await setBackendFault(request, 'none');
          await (screen.retry ?? screen.act)(page, language);
          await screen.succeeded(page, language);
        }
        expect(serverErrors()).toEqual([]);
      });
    }
  }
}

test('mail-sent: the status says when the backend cannot tell, "send again" says what failed, and both recover', async ({ page, request, browser }) => {
  test.setTimeout(180_000);
  const serverErrors = watchServerErrors(page);
  const email = uniqueAddress('anna@acme.test');
  await page.goto('/login/en');
  await page.getByLabel('Work e-mail').fill(email);
  await page.getByRole('button', { name: 'Send sign-in link' }).click();
  await reachMailSent(page, 'en');

  // The poll: each fault, then back to waiting; a 200 without authToken is "pending" (docs/decisions.md, The calls).
  const status = page.locator('[data-status]');
  const pollBound = { timeout: POLL_INTERVAL_MS + BACKEND_TIMEOUT_MS + MARGIN_MS };
  const polls: [FaultMode | 'none', string][] = [
    ['down', 'errors.serviceUnavailable'],
    ['wrong-shape', 'mailSent.waiting'],
    ['error500', 'errors.serviceUnavailable'],
    ['none', 'mailSent.waiting'],
    ['malformed', 'errors.serviceUnavailable'],
    ['none', 'mailSent.waiting'],
    ['slow', 'errors.serviceUnavailable'],
    ['none', 'mailSent.waiting'],
  ];
  for (const [mode, shown] of polls) {
    await setBackendFault(request, mode);
    await expect(status, `polling with the backend ${mode}`).toHaveText(text('en', shown), pollBound);
  }

  // "Send again", once its 30 s lock is over.
  const sendAgain = page.getByRole('button', { name: 'Send again' });
  await expect(sendAgain).toHaveAttribute('aria-disabled', 'false', { timeout: 35_000 });
  const verifyUserCalls = async () =>
    (await backendCalls(request, deployment.backendOrigin)).filter((call) => call.path.endsWith('/verifyUser') && call.path.includes(encodeURIComponent(email))).length;
  for (const { mode, message } of faults) {
    await setBackendFault(request, mode);
    const before = await verifyUserCalls();
    const started = Date.now();
    await sendAgain.click();
    await expect.poll(verifyUserCalls).toBe(before + 1);
    await expect(sendAgain).toHaveText('Send again', { timeout: BACKEND_TIMEOUT_MS + MARGIN_MS });
    await expect(page.getByText(text('en', message)).last()).toBeVisible();
    expect(Date.now() - started, `send again with the backend ${mode}`).toBeLessThan(BACKEND_TIMEOUT_MS + MARGIN_MS);
  }

  await setBackendFault(request, 'none');
  await sendAgain.click();
  await expect(page.getByText('We sent a new link.')).toBeVisible();
  await expect(status).toHaveText(text('en', 'mailSent.waiting'), pollBound);

  // The newest link, opened on another device: at its next poll this page asks for the code shown there.
  const phone = await browser.newContext({ ignoreHTTPSErrors: true });
  const code = await confirmElsewhere(await phone.newPage(), await latestSignInLink(request, email, deployment.backendOrigin));
  await phone.close();
  await expect(page.getByRole('textbox', { name: 'Code of six digits' })).toBeVisible(pollBound);
  await continueWithCode(page, code);
  await expect(page).toHaveURL(`${ACME_ORIGIN}/`);
  expect(serverErrors()).toEqual([]);
});

test.describe('the identity provider down', () => {
  test('at the start: Microsoft (the provider\'s metadata is fetched per sign-in) says so, and works again', async ({ page, request }) => {
    const serverErrors = watchServerErrors(page);
    await page.goto('/login/en');
    await setProviderDown(request, true);
    await page.getByRole('link', { name: 'Sign in with Microsoft' }).click();
    await expect(page).toHaveURL(/\/login\/en\?error=provider-unavailable$/, { timeout: BACKEND_TIMEOUT_MS + MARGIN_MS });
    await expect(alertInMain(page)).toHaveText(text('en', 'errors.providerUnavailable'));

    await setProviderDown(request, false);
    await signInAtProvider(page, 'en', 'microsoft');
    await expect(page).toHaveURL(`${ACME_ORIGIN}/`);
    expect(serverErrors()).toEqual([]);
  });

  for (const provider of ['google', 'microsoft'] as const) {
    test(`at the return: ${provider}'s code exchange fails, a translated message, and starting again works`, async ({ page, request }) => {
      const serverErrors = watchServerErrors(page);
      await page.goto('/login/nl');
      // The provider goes down between the person's choice and the code exchange: the return is held
      // (Chromium's Fetch domain sees redirects, Playwright's routing does not) while it goes down.
      const session = await page.context().newCDPSession(page);
      let held = false;
      session.on('Fetch.requestPaused', (event: { requestId: string; request: { url: string } }) => {
        void (async () => {
          if (!held && new URL(event.request.url).searchParams.has('code')) {
            held = true;
            await setProviderDown(request, true);
          }
          await session.send('Fetch.continueRequest', { requestId: event.requestId });
        })();
      });
      await session.send('Fetch.enable', { patterns: [{ urlPattern: `*/login/${provider}?*`, requestStage: 'Request' }] });
      await signInAtProvider(page, 'nl', provider);
      await expect(page).toHaveURL(/\/login\/nl\?error=provider-unavailable$/, { timeout: BACKEND_TIMEOUT_MS + MARGIN_MS });
      await expect(alertInMain(page)).toHaveText(text('nl', 'errors.providerUnavailable'));
      await session.send('Fetch.disable');
      await session.detach();

      await setProviderDown(request, false);
      await signInAtProvider(page, 'nl', provider);
      await expect(page).toHaveURL(`${ACME_ORIGIN}/`);
      expect(serverErrors()).toEqual([]);
    });
  }
});

for (const { language, locale } of [
  { language: 'de', locale: 'de-DE' },
  { language: 'nl', locale: 'nl-NL' },
] as const) {
  test.describe(`a flow cookie lost at the provider (${language})`, () => {
    // The return cannot know the language the flow began in without its cookie: the browser's is used.
    test.use({ locale });

    test('says "start again" in the browser\'s language, and starting again works', async ({ page, context }) => {
      const serverErrors = watchServerErrors(page);
      await page.goto(`/login/${language}`);
      await page.getByRole('link', { name: text(language, 'login.signInWith').replace('{provider}', 'Google') }).click();
      await expect(page).toHaveTitle(/Local identity provider/);
      // What an in-app browser or a strict cookie policy does while the person is at the provider.
      expect((await context.cookies(`${LOGIN_ORIGIN}/login/`)).some((cookie) => cookie.name === '__Host-ssoFlow')).toBe(true);
      await context.clearCookies({ name: '__Host-ssoFlow' });
      await page.getByRole('button', { name: /sso-one@acme\.test/ }).click();

      await expect(page).toHaveURL(new RegExp(`/login/${language}\\?error=sso-start-again$`));
      await expect(alertInMain(page)).toHaveText(text(language, 'errors.ssoStartAgain'));
      await signInAtProvider(page, language, 'google');
      await expect(page).toHaveURL(`${ACME_ORIGIN}/`);
      expect(serverErrors()).toEqual([]);
    });
  });
}
