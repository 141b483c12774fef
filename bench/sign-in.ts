import type { Browser, BrowserContext, Page } from '@playwright/test';

/**
 * The real e-mail sign-in, driven in Chromium against the development backend: how the
 * benchmark reaches the mail-sent view, gets a link, and a returning user's lastLogin cookie.
 */

export function benchAddress(seeded = 'anna@acme.test'): string {
  const [local, domain] = seeded.split('@');
  return `${local}+bench${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@${domain}`;
}

/**
 * Requests a link from the login page; the page is left where the answer leads: the mail-sent
 * view for a known address, the sign-up for a new colleague's.
 */
export async function requestLink(page: Page, appOrigin: string, email: string, arrivesAt: 'mail-sent' | 'signup' = 'mail-sent'): Promise<void> {
  await page.goto(`${appOrigin}/login/en`);
  await page.getByLabel('Work e-mail').fill(email);
  await page.getByRole('button', { name: 'Send sign-in link' }).click();
  await page.waitForURL(new RegExp(`/${arrivesAt}$`));
  if (arrivesAt === 'mail-sent') await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
}

export async function latestLink(backendOrigin: string, email: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const response = await fetch(`${backendOrigin}/mailbox/latest?to=${encodeURIComponent(email)}`);
    if (response.ok) return ((await response.json()) as { link: string }).link;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no sign-in link mailed to ${email}`);
}

/**
 * What the development gateway (dev/gateway.ts), like nginx in production, tells the app: the
 * browser spoke plain http. The app builds its redirects from it.
 */
export const FORWARDED_HEADERS = { 'x-forwarded-proto': 'http' };

/**
 * What nginx in front of the app adds to a request sent to it without a browser: the protocol,
 * and the client's address ($proxy_add_x_forwarded_for), without which the arrival asks the
 * backend about no network at all. The address is of a documentation range, in no office
 * network of the development backend: its `orgs/me` finds nothing.
 */
export const CLIENT_ADDRESS = '192.0.2.10';
export const BEHIND_NGINX_HEADERS = { ...FORWARDED_HEADERS, 'x-forwarded-for': CLIENT_ADDRESS };

export async function newBrowserContext(
  browser: Browser,
  headers: Record<string, string> = {},
  options: { ignoreHTTPSErrors?: boolean } = {},
): Promise<BrowserContext> {
  return browser.newContext({ extraHTTPHeaders: { ...FORWARDED_HEADERS, ...headers }, ...options });
}

/**
 * A `Cookie` header with every cookie the app set in a fresh browser while `reach` ran: the state
 * a screen needs (the emailSignIn cookie of a link request, a sign-up's tempUser, a single
 * sign-on's organisations), made anew for each caller.
 */
export async function stateCookie(
  browser: Browser,
  appOrigin: string,
  reach: (page: Page) => Promise<void>,
  options: { ignoreHTTPSErrors?: boolean } = {},
): Promise<string> {
  const context = await newBrowserContext(browser, {}, options);
  try {
    await reach(await context.newPage());
    const cookies = await context.cookies(`${appOrigin}/login/`);
    if (cookies.length === 0) throw new Error('reaching the screen set no cookie');
    return cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
  } finally {
    await context.close();
  }
}

/** A `Cookie` header with the state of a fresh link request: the mail-sent view's. */
export async function mailSentCookie(browser: Browser, appOrigin: string): Promise<string> {
  return stateCookie(browser, appOrigin, (page) => requestLink(page, appOrigin, benchAddress()));
}

function isOrganisationUrl(url: URL, domain: string): boolean {
  return url.hostname.endsWith(`.${domain}`) && url.hostname !== `web.${domain}`;
}

/** The organisation's host is not this benchmark's concern: it answers with an empty page. */
async function stubOrganisationHosts(context: BrowserContext, domain: string): Promise<void> {
  await context.route(
    (url) => isOrganisationUrl(url, domain),
    (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>organisation</title>' }),
  );
}

export type Confirmation = {
  /** From the confirming tab receiving the answer of the link check to the waiting tab leaving. */
  milliseconds: number;
  /** The cookies the status answer set, as `name=value`: the returning user's lastLogin among them. */
  setCookies: string[];
};

/**
 * One e-mail sign-in: a tab waits on the mail-sent view while the link is opened either in
 * another tab of the same browser (BroadcastChannel: to the hand-off) or in another browser
 * (polling: to the waiting tab asking for the code shown there).
 */
export async function timeConfirmation(
  browser: Browser,
  origins: { app: string; backend: string; organisationDomain: string },
  where: 'same-browser' | 'other-browser',
): Promise<Confirmation> {
  const waitingContext = await newBrowserContext(browser);
  const linkContext = where === 'same-browser' ? waitingContext : await newBrowserContext(browser);
  try {
    await stubOrganisationHosts(waitingContext, origins.organisationDomain);
    if (linkContext !== waitingContext) await stubOrganisationHosts(linkContext, origins.organisationDomain);

    const waiting = await waitingContext.newPage();
    const email = benchAddress();
    await requestLink(waiting, origins.app, email);
    const link = await latestLink(origins.backend, email);

    const setCookies: string[] = [];
    // The hand-off's cookies: from a status poll (same browser) or from the code typed (another browser).
    waiting.on('response', async (response) => {
      if (!new URL(response.url()).pathname.startsWith('/login/')) return;
      for (const header of await response.headersArray()) {
        if (header.name.toLowerCase() === 'set-cookie') setCookies.push(...header.value.split('\n').map((line) => line.split(';')[0] ?? ''));
      }
    });
    const left = waiting
      .waitForRequest((request) => request.isNavigationRequest() && isOrganisationUrl(new URL(request.url()), origins.organisationDomain), {
        timeout: 30_000,
      })
      .then(() => performance.now());

    const linkTab = await linkContext.newPage();
    let confirmedAt: number | undefined;
    linkTab.on('response', (response) => {
      if (response.request().method() === 'POST' && response.url().includes('/validatelink')) confirmedAt ??= performance.now();
    });
    await linkTab.goto(link);
    if (where === 'same-browser') {
      const leftAt = await left;
      if (confirmedAt === undefined) throw new Error('the link tab never confirmed the link');
      return { milliseconds: leftAt - confirmedAt, setCookies };
    }
    // In a browser that did not ask for the link, the page names the address and waits for a click,
    // then shows the code that the waiting tab asks for once its poll notices the confirmation.
    await linkTab.getByRole('button', { name: 'Yes, sign me in' }).click();
    const code = (await linkTab.getByTestId('link-code').textContent()) ?? '';
    const codeField = waiting.getByRole('textbox', { name: 'Code of six digits' });
    await codeField.waitFor({ timeout: 30_000 });
    const askedAt = performance.now();
    if (confirmedAt === undefined) throw new Error('the link tab never confirmed the link');
    await codeField.fill(code);
    await waiting.getByRole('button', { name: 'Continue', exact: true }).click();
    await left;
    return { milliseconds: askedAt - confirmedAt, setCookies };
  } finally {
    await waitingContext.close();
    if (linkContext !== waitingContext) await linkContext.close();
  }
}
