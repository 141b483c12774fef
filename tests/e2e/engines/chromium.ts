import { chromium, type ElementHandle, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_SHELL_PATH } from '../support/environment.ts';
import { VIEWPORTS, type BrowserSettings, type Driver, type DriverWindow, type ElementRef } from './engine.ts';

const ACCEPT_LANGUAGE = { en: 'en-GB', de: 'de-DE', nl: 'nl-NL' } as const;

function handle(element: ElementRef): ElementHandle {
  return element.engineElement as ElementHandle;
}

function chromiumWindow(page: Page): DriverWindow {
  return {
    goto: async (url) => void (await page.goto(url)),
    url: async () => page.url(),
    evaluate: (expression) => page.evaluate(expression),
    element: async (expression) => {
      const found = (await page.evaluateHandle(expression)).asElement();
      return found ? { engineElement: found } : null;
    },
    click: (element) => handle(element).click(),
    type: async (element, text) => {
      await handle(element).fill('');
      await handle(element).focus();
      await page.keyboard.type(text);
    },
    screenshot: async (path) => void (await page.screenshot({ path })),
    close: () => page.close(),
  };
}

/** Chromium through Playwright, as the rest of the suite drives it: one launch, a context per person. */
export async function chromiumDriver(): Promise<Driver> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_SHELL_PATH, args: CHROMIUM_ARGS });
  return {
    engine: 'chromium',
    async launch(settings: BrowserSettings) {
      if (settings.cookies === 'blocked') throw new Error('Playwright cannot block cookies in Chromium');
      const context = await browser.newContext({
        ignoreHTTPSErrors: true,
        locale: ACCEPT_LANGUAGE[settings.language],
        viewport: VIEWPORTS[settings.device],
        javaScriptEnabled: settings.javaScript,
        colorScheme: settings.colourScheme,
      });
      return { openWindow: async () => chromiumWindow(await context.newPage()), close: () => context.close() };
    },
    close: () => browser.close(),
  };
}
