import { expect, test, type Page } from '@playwright/test';
import en from '../../messages/en.json' with { type: 'json' };
import de from '../../messages/de.json' with { type: 'json' };
import nl from '../../messages/nl.json' with { type: 'json' };
import { languageRegistry } from '../../lib/vocabulary/languages.ts';
import { newColleague, uniqueAddress } from './support/backend.ts';
import { DOMAIN, HTTPS_PORT, LOGIN_ORIGIN } from './support/environment.ts';
import { requestLink } from './support/sign-in.ts';

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

// Straight to nginx's port: the suite's names resolve only in its browsers.
const NGINX = `https://127.0.0.1:${HTTPS_PORT}`;
const WEB_HOST = `web.${DOMAIN}:${HTTPS_PORT}`;

test('the redirect by the browser\'s language says it varies by Accept-Language, through nginx; a page whose path names its language does not (issue 48)', async ({ request }) => {
  const varies = (header: string | undefined) => (header ?? '').split(',').map((name) => name.trim().toLowerCase());
  for (const [path, language] of [['/login', 'de'], ['/login/validatelink?uuid=x', 'nl']] as const) {
    const redirect = await request.get(`${NGINX}${path}`, { headers: { host: WEB_HOST, 'accept-language': `${language}-XX` }, maxRedirects: 0 });
    expect(redirect.status()).toBe(307);
    expect(redirect.headers().location).toContain(`/login/${language}`);
    expect(varies(redirect.headers().vary)).toContain('accept-language');
    expect(redirect.headers()['cache-control']).toBe('private, no-cache');
  }
  const page = await request.get(`${NGINX}/login/de`, { headers: { host: WEB_HOST, 'accept-language': 'nl' }, maxRedirects: 0 });
  expect(page.status()).toBe(200);
  expect(varies(page.headers().vary)).not.toContain('accept-language');
});

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
    const languageLinks = page.getByRole('navigation', { name: languageRegistry.find((entry) => entry.code === language)!.languageWord, exact: true }).getByRole('link');
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
    await page.getByRole('link', { name: dictionary.login.signInWith.replace('{provider}', 'Google') }).click();
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

/**
 * Every place in the main card where "E-Mail" is split across two lines, with the words around
 * it. Where a line ends depends on the font's widths, so the card is also laid out at every width
 * from a narrow phone's up to its own: a break the browser may take at one of them is found.
 */
async function eMailSplitAcrossLines(page: Page): Promise<string[]> {
  return await page.getByRole('main').evaluate((main) => {
    const split = new Set<string>();
    const ownWidth = main.getBoundingClientRect().width;
    const check = () => {
      const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
        if (!node.parentElement?.checkVisibility()) continue;
        const text = node.textContent ?? '';
        for (const match of text.matchAll(/E-Mail/g)) {
          const top = (index: number) => {
            const range = document.createRange();
            range.setStart(node, index);
            range.setEnd(node, index + 1);
            return range.getBoundingClientRect().top;
          };
          if (Math.abs(top(match.index) - top(match.index + 2)) >= 1) split.add(`${main.getBoundingClientRect().width} px: ${text}`);
        }
      }
    };
    for (let width = 260; width <= ownWidth; width += 1) {
      main.style.width = `${width}px`;
      check();
    }
    main.style.width = '';
    check();
    return [...split];
  });
}

test.describe('German at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 }, locale: 'de-DE' });

  test('"E-Mail" never breaks after "E-", on the login page (also with the e-mail as last used), the mail-sent view and sign-up', async ({ page, context }) => {
    const screens: Array<() => Promise<void>> = [
      async () => void (await page.goto('/login/de')),
      async () => {
        await context.addCookies([{ name: '__Host-lastSignInMethod', value: 'email', url: LOGIN_ORIGIN, secure: true, httpOnly: true, sameSite: 'Lax' }]);
        await page.goto('/login/de');
        await expect(page.getByLabel(/zuletzt verwendet/)).toBeVisible();
      },
      ...['sso-user-not-found', 'provider-not-configured', 'sign-up-expired', 'provider-unavailable', 'google-email-not-verified', 'microsoft-email-not-verified'].map(
        (error) => async () => void (await page.goto(`/login/de?error=${error}`)),
      ),
      async () => requestLink(page, uniqueAddress('anna@acme.test'), 'de'),
      async () => requestLink(page, newColleague(), 'de', 'signup'),
    ];
    const found: string[] = [];
    for (const open of screens) {
      await open();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      found.push(...(await eMailSplitAcrossLines(page)).map((where) => `${page.url()}: ${where}`));
    }
    expect(found).toEqual([]);
    // The label is still found by its text, hyphens and all.
    await page.goto('/login/de');
    await expect(page.getByLabel('Geschäftliche E-Mail-Adresse', { exact: false })).toBeVisible();
  });
});
