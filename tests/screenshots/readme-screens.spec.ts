import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import en from '../../messages/en.json' with { type: 'json' };
import { SCREENSHOT_SCHEMES, SCREENSHOT_SCREENS, SCREENSHOT_SIZES, screenshotPath, type ScreenshotScreen, type ScreenshotSize } from './screenshot-files.ts';

/**
 * The README's screenshots (issue 15, item 8): the main screens in English, on a desktop and on a
 * phone, at one device pixel per CSS pixel, in the light scheme and (issue 49) the dark one. Each screen is reached as a person reaches it, through
 * the real topology; its heading must show before the picture is taken.
 */

async function expectHeading(page: Page, name: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

async function submitEmail(page: Page, email: string): Promise<void> {
  await page.goto('/login/en');
  await page.getByLabel(en.login.emailLabel).fill(email);
  await page.getByRole('button', { name: en.login.submit }).click();
}

/**
 * Chromium's PNG, reduced to a palette of at most 256 colours: the screens are flat colour and
 * text, which a palette keeps sharp at a fraction of the size.
 */
async function smallPng(png: Buffer): Promise<Buffer> {
  return sharp(png).png({ palette: true, colours: 256, dither: 0, compressionLevel: 9, effort: 10 }).toBuffer();
}

const screens: Record<ScreenshotScreen, (page: Page, size: ScreenshotSize) => Promise<void>> = {
  login: async (page) => {
    await page.goto('/login/en');
    await expectHeading(page, en.login.heading);
  },
  'mail-sent': async (page, size) => {
    // One address per size: a second link to the same address within 30 s is held back (the dark
    // scheme's pictures of the same size are taken in the same browser, after its light ones).
    await submitEmail(page, size === 'phone' ? 'bert@globex.test' : 'anna@acme.test');
    await expectHeading(page, en.mailSent.heading);
  },
  picker: async (page) => {
    // A Google account that belongs to three organisations (dev/identity-provider).
    await page.goto(`/login/start-google?${new URLSearchParams({ lang: 'en', login_hint: 'sso-many@acme.test' })}`);
    await expectHeading(page, en.sso.pickerHeading);
  },
  'trial-expired': async (page) => {
    await submitEmail(page, 'trial-expired@errors.test');
    await expectHeading(page, en.trialExpired.heading);
  },
};

for (const size of Object.keys(SCREENSHOT_SIZES) as ScreenshotSize[]) {
  for (const screen of SCREENSHOT_SCREENS) {
    test(`${screen}, ${size}`, async ({ browser }) => {
      const phone = size === 'phone';
      const context = await browser.newContext({
        viewport: SCREENSHOT_SIZES[size],
        deviceScaleFactor: 1,
        isMobile: phone,
        hasTouch: phone,
        ignoreHTTPSErrors: true,
        locale: 'en-GB',
      });
      const page = await context.newPage();
      await screens[screen](page, size);
      // Nothing still loading, and no caret or spinner caught mid-turn.
      await page.waitForLoadState('networkidle');
      // The same screen in each scheme: the page follows the switch, as it does for a person.
      for (const scheme of SCREENSHOT_SCHEMES) {
        await page.emulateMedia({ colorScheme: scheme });
        const picture = await page.screenshot({ fullPage: true, animations: 'disabled', caret: 'hide' });
        mkdirSync(dirname(screenshotPath(screen, size, scheme)), { recursive: true });
        writeFileSync(screenshotPath(screen, size, scheme), await smallPng(picture));
      }
      await context.close();
    });
  }
}
