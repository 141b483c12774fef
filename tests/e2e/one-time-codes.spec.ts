import { expect, test, type Browser, type Locator } from '@playwright/test';
import { bothWays, mainOf } from './support/screen-templates.ts';

/**
 * The one-time-code page leads with the store of the device it is opened on and keeps the other
 * one reachable; where the device is unknown, both stores stand side by side as before (issue 26,
 * item 11).
 */

const APP_STORE = 'Download on the App Store';
const GOOGLE_PLAY = 'Get it on Google Play';

const devices = {
  iPhone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  Android:
    'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
};

async function storesOn(browser: Browser, userAgent?: string) {
  const context = await browser.newContext({
    ignoreHTTPSErrors: true,
    ...(userAgent ? { userAgent, isMobile: true, hasTouch: true, viewport: { width: 390, height: 844 } } : {}),
  });
  const page = await context.newPage();
  await page.goto('/login/en/totp');
  await expect(page.getByRole('heading', { name: 'Use the app to sign in' })).toBeVisible();
  const links = page.getByRole('main').getByRole('link', { name: /App Store|Google Play/ });
  const names = await links.evaluateAll((nodes) => nodes.map((node) => node.textContent?.trim() ?? ''));
  return { context, names, store: (name: string) => page.getByRole('link', { name, exact: true }) };
}

/** Whether a link looks like the page's main action: filled with the primary colour. */
async function isFilled(link: Locator): Promise<boolean> {
  return (await link.evaluate((node) => getComputedStyle(node).backgroundColor)) === 'rgb(1, 111, 246)';
}

test('on an iPhone the App Store comes first and filled; Google Play is still there, quieter', async ({ browser }) => {
  const { context, names, store } = await storesOn(browser, devices.iPhone);
  expect(names).toEqual([APP_STORE, GOOGLE_PLAY]);
  expect(await isFilled(store(APP_STORE))).toBe(true);
  await expect(store(GOOGLE_PLAY)).toBeVisible();
  await expect(store(GOOGLE_PLAY)).toHaveAttribute('href', /^https:\/\//);
  expect(await isFilled(store(GOOGLE_PLAY))).toBe(false);
  await context.close();
});

test('on an Android phone Google Play comes first and filled; the App Store is still there, quieter', async ({ browser }) => {
  const { context, names, store } = await storesOn(browser, devices.Android);
  expect(names).toEqual([GOOGLE_PLAY, APP_STORE]);
  expect(await isFilled(store(GOOGLE_PLAY))).toBe(true);
  await expect(store(APP_STORE)).toBeVisible();
  await expect(store(APP_STORE)).toHaveAttribute('href', /^https:\/\//);
  expect(await isFilled(store(APP_STORE))).toBe(false);
  await context.close();
});

test('on a computer, where no store is the device\'s, both stand as before: App Store, then Google Play, both filled', async ({ browser }) => {
  const { context, names, store } = await storesOn(browser);
  expect(names).toEqual([APP_STORE, GOOGLE_PLAY]);
  expect(await isFilled(store(APP_STORE))).toBe(true);
  expect(await isFilled(store(GOOGLE_PLAY))).toBe(true);
  await context.close();
});

test('each device gets the view filled from its template with this server\'s links, as the view rendered per request has them', async ({ request }) => {
  for (const userAgent of [devices.iPhone, devices.Android, 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0']) {
    const { filled, rendered } = await bothWays(request, '/login/en/totp', { 'user-agent': userAgent });
    // The control: only the filled view has a policy of hashes; the one rendered per request has its nonce.
    expect(filled.headers()['content-security-policy']).not.toContain("'nonce-");
    expect(rendered.headers()['content-security-policy']).toContain("'nonce-");
    const [filledHtml, renderedHtml] = [await filled.text(), await rendered.text()];
    expect(mainOf(filledHtml)).toContain('href="https://');
    expect(mainOf(filledHtml)).toBe(mainOf(renderedHtml));
    expect(filledHtml).not.toContain('sentinel.invalid');
  }
});
