import type { Browser, BrowserContext, Page } from '@playwright/test';

/**
 * The real e-mail sign-in, driven in Chromium against the development backend: how the
 * benchmark reaches the mail-sent view, gets a link, and a returning user's lastLogin cookie.
 */

export function benchAddress(seeded = 'anna@acme.test'): string {
  const [local, domain] = seeded.split('@');
  return `${local}+bench${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@${domain}`;
}

/** Requests a link from the login page; the page is left on the mail-sent view. */
export async function requestLink(page: Page, appOrigin: string, email: string): Promise<void> {
  await page.goto(`${appOrigin}/login/en`);
  await page.getByLabel('Work e-mail').fill(email);
  await page.getByRole('button', { name: 'Send sign-in link' }).click();
  await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
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

export async function newBrowserContext(browser: Browser, headers: Record<string, string> = {}): Promise<BrowserContext> {
  return browser.newContext({ extraHTTPHeaders: { ...FORWARDED_HEADERS, ...headers } });
}

/** A `Cookie` header with the emailSignIn cookie of a fresh link request: the mail-sent view's state. */
export async function mailSentCookie(browser: Browser, appOrigin: string): Promise<string> {
  const context = await newBrowserContext(browser);
  try {
    await requestLink(await context.newPage(), appOrigin, benchAddress());
    const cookie = (await context.cookies(`${appOrigin}/login/`)).find((candidate) => candidate.name === 'emailSignIn');
    if (!cookie) throw new Error('the link request set no emailSignIn cookie');
    return `${cookie.name}=${cookie.value}`;
  } finally {
    await context.close();
  }
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
 * another tab of the same browser (BroadcastChannel) or in another browser (polling).
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
    waiting.on('response', async (response) => {
      if (!response.url().includes('/api/email-sign-in/status')) return;
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
    const leftAt = await left;
    if (confirmedAt === undefined) throw new Error('the link tab never confirmed the link');
    return { milliseconds: leftAt - confirmedAt, setCookies };
  } finally {
    await waitingContext.close();
    if (linkContext !== waitingContext) await linkContext.close();
  }
}
