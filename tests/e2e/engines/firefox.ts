import puppeteer, { type Browser, type ElementHandle, type Page } from 'puppeteer-core';
import { VIEWPORTS, type BrowserSettings, type Driver, type DriverWindow, type ElementRef } from './engine.ts';
import { startLoopbackTunnel } from './tunnel.ts';

export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

const ACCEPT_LANGUAGE = { en: 'en-GB,en', de: 'de-DE,de', nl: 'nl-NL,nl' } as const;

function handle(element: ElementRef): ElementHandle {
  return element.engineElement as ElementHandle;
}

function firefoxWindow(page: Page): DriverWindow {
  return {
    goto: async (url) => void (await page.goto(url)),
    url: async () => page.url(),
    evaluate: async <T>(expression: string) => (await page.evaluate(expression)) as T,
    element: async (expression) => {
      const found = (await page.evaluateHandle(expression)).asElement();
      return found ? { engineElement: found } : null;
    },
    click: async (element) => {
      // A real pointer click at the element's centre. ElementHandle.click() waits on the page's
      // realm after clicking, which a click that submits a form without JavaScript discards.
      await handle(element).scrollIntoView();
      const box = await handle(element).boundingBox();
      if (!box) throw new Error('the element has no box to click');
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    },
    type: async (element, text) => {
      await handle(element).evaluate((field) => ((field as HTMLInputElement).value = ''));
      await handle(element).type(text);
    },
    screenshot: async (path) => void (await page.screenshot({ path })),
    close: () => page.close(),
  };
}

/**
 * Debian's Firefox ESR over WebDriver BiDi (puppeteer-core). Language, scripts, cookies and the colour scheme are
 * the browser's own preferences, so each combination is a Firefox of its own, started when a
 * flow first asks for it; each person is a user context (own cookies and storage) in it.
 */
export async function firefoxDriver(): Promise<Driver> {
  const tunnel = await startLoopbackTunnel();
  const instances = new Map<string, Promise<Browser>>();

  function instance(settings: BrowserSettings): Promise<Browser> {
    const key = `${settings.language} ${settings.javaScript} ${settings.cookies} ${settings.colourScheme}`;
    if (!instances.has(key)) {
      instances.set(
        key,
        puppeteer.launch({
          browser: 'firefox',
          executablePath: FIREFOX_PATH,
          headless: true,
          acceptInsecureCerts: true,
          extraPrefsFirefox: {
            'intl.accept_languages': ACCEPT_LANGUAGE[settings.language],
            'javascript.enabled': settings.javaScript,
            // 2: block all cookies (Settings, Privacy, "All cookies").
            'network.cookie.cookieBehavior': settings.cookies === 'blocked' ? 2 : 5,
            // Settings, General, "Website appearance": 0 dark, 1 light. puppeteer-core's
            // emulateMediaFeatures needs CDP, which Firefox no longer speaks.
            'layout.css.prefers-color-scheme.content-override': settings.colourScheme === 'dark' ? 0 : 1,
            // *.desk.test through the loopback tunnel; the identity provider on 127.0.0.1 directly.
            'network.proxy.type': 1,
            'network.proxy.ssl': '127.0.0.1',
            'network.proxy.ssl_port': tunnel.port,
          },
        }),
      );
    }
    return instances.get(key)!;
  }

  return {
    engine: 'firefox',
    async launch(settings) {
      const context = await (await instance(settings)).createBrowserContext();
      return {
        async openWindow() {
          const page = await context.newPage();
          await page.setViewport(VIEWPORTS[settings.device]);
          return firefoxWindow(page);
        },
        close: () => context.close(),
      };
    },
    async close() {
      // A Firefox that failed to start already failed its test; it has nothing to close.
      await Promise.all([...instances.values()].map((browser) => browser.then((started) => started.close(), () => undefined)));
      await tunnel.close();
    },
  };
}
