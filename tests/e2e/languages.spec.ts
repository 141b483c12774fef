import { expect, test } from '@playwright/test';
import en from '../../messages/en.json' with { type: 'json' };
import de from '../../messages/de.json' with { type: 'json' };
import nl from '../../messages/nl.json' with { type: 'json' };
import { languageRegistry } from '../../lib/i18n/languages.ts';

const dictionaries = { en, de, nl };

const browserLanguages = [
  { locale: 'nl-NL', expected: 'nl' },
  { locale: 'de-CH', expected: 'de' },
  // No language's code (ISO 639-1 assigns none), so never one the app speaks.
  { locale: 'xx-XX', expected: 'en' },
];

for (const { locale, expected } of browserLanguages) {
  test(`/login in a browser set to ${locale} opens /login/${expected}`, async ({ browser }) => {
    const context = await browser.newContext({ ignoreHTTPSErrors: true, locale });
    const page = await context.newPage();
    await page.goto('/login');
    await expect(page).toHaveURL(new RegExp(`/login/${expected}$`));
    await expect(page.locator('html')).toHaveAttribute('lang', expected);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(dictionaries[expected as 'en'].login.heading);
    await context.close();
  });
}

test('unknown paths lead to the login page in the browser language, keeping the language segment', async ({ page }) => {
  await page.goto('/login/no/such/page');
  await expect(page).toHaveURL(/\/login\/en$/);
  await page.goto('/login/nl/no-such-page');
  await expect(page).toHaveURL(/\/login\/nl$/);
});

const notFoundWords = [
  { locale: 'en-GB', language: 'en', heading: 'Page not found', back: 'Back to sign-in' },
  { locale: 'de-DE', language: 'de', heading: 'Seite nicht gefunden', back: 'Zurück zur Anmeldung' },
  { locale: 'nl-NL', language: 'nl', heading: 'Pagina niet gevonden', back: 'Terug naar inloggen' },
];

for (const { locale, language, heading, back } of notFoundWords) {
  test(`a page that does not exist speaks the browser's language (${locale}) in the frame of every notice page, without scrolling`, async ({ browser }) => {
    const context = await browser.newContext({ ignoreHTTPSErrors: true, locale, viewport: { width: 1280, height: 720 } });
    const page = await context.newPage();
    const response = await page.goto('/login/api/no-such-thing');
    expect(response?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page).toHaveTitle(`${heading} · Desk Booking`);
    // The frame: the logo above one card, the language links below it.
    await expect(page.locator('header').getByText('Desk Booking')).toBeVisible();
    await expect(page.getByRole('main')).toHaveCSS('background-color', 'rgb(255, 255, 255)');
    const languageLinks = page.getByRole('navigation', { name: languageRegistry.map((entry) => entry.languageWord).join(' / ') }).getByRole('link');
    await expect(languageLinks).toHaveText(languageRegistry.map((entry) => entry.name));
    await expect(page.getByRole('main').getByRole('link', { name: back })).toHaveAttribute('href', `/login/${language}`);
    const overflow = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  });
}

test.describe('with a German browser', () => {
  test.use({ locale: 'de-DE' });

  test('pages linked without a language segment open in the browser language, query kept', async ({ page }) => {
    await page.goto('/login/totp?from=app');
    await expect(page).toHaveURL(/\/login\/de\/totp\?from=app$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(de.totp.heading);
    await page.goto('/login/invalid');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(de.invalidLink.heading);
  });
});

test('the dictionaries are served as JSON at /login/locale/{lang}.json', async ({ page }) => {
  for (const [language, dictionary] of Object.entries(dictionaries)) {
    const response = await page.goto(`/login/locale/${language}.json`);
    expect(response?.headers()['content-type']).toContain('application/json');
    expect(await response?.json()).toEqual(dictionary);
  }
  expect((await page.goto('/login/locale/fr.json'))?.status()).toBe(404);
});

const screens = [
  { path: '', heading: (d: typeof en) => d.login.heading, title: (d: typeof en) => d.metadata.title },
  { path: '/totp', heading: (d: typeof en) => d.totp.heading },
  { path: '/invalid', heading: (d: typeof en) => d.invalidLink.heading },
  { path: '/user-limit', heading: (d: typeof en) => d.userLimit.heading },
  { path: '/trial-expired', heading: (d: typeof en) => d.trialExpired.heading },
].map((screen) => ({
  ...screen,
  // Each page is titled by its own heading, so that tabs and history tell them apart.
  title: screen.title ?? ((d: typeof en) => `${screen.heading(d)} · ${d.common.productName}`),
}));

for (const [language, dictionary] of Object.entries(dictionaries)) {
  test(`every static screen speaks ${language}`, async ({ page }) => {
    for (const screen of screens) {
      await page.goto(`/login/${language}${screen.path}`);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(screen.heading(dictionary));
      await expect(page).toHaveTitle(screen.title(dictionary));
    }
  });

  test(`single sign-on keeps ${language} there and back`, async ({ page }) => {
    await page.goto(`/login/${language}`);
    await page.getByRole('link', { name: dictionary.login.google }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(new RegExp(`/login/${language}\\?error=user-close$`));
    await expect(page.getByRole('main').getByRole('status')).toHaveText(dictionary.errors.userClose);
  });
}

test('German headings on a phone leave no word alone on their last line', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  for (const path of ['/login/de/totp', '/login/de/invalid', '/login/de/user-limit', '/login/de/trial-expired']) {
    await page.goto(path);
    const wordsPerLine = await page.getByRole('heading', { level: 1 }).evaluate((heading) => {
      const lines = new Map<number, number>();
      const walker = document.createTreeWalker(heading, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const word of (node.textContent ?? '').matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          const top = Math.round(range.getBoundingClientRect().top);
          lines.set(top, (lines.get(top) ?? 0) + 1);
        }
      }
      return [...lines.entries()].sort(([a], [b]) => a - b).map(([, count]) => count);
    });
    if (wordsPerLine.length > 1) expect(wordsPerLine.at(-1), `${path}: words per line ${wordsPerLine.join(', ')}`).toBeGreaterThan(1);
  }
});
