import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { RUN_DIRECTORY } from '../support/environment.ts';
import { VIEWPORTS, type BrowserSettings, type Driver, type DriverWindow, type ElementRef } from './engine.ts';
import { startLoopbackTunnel } from './tunnel.ts';

export const WEBKIT_DRIVER_PATH = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver';
export const MINIBROWSER_PATH = process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

/** WebKitGTK sends the process locale as Accept-Language: a locale per language, compiled once. */
const LOCALES = { en: 'en_GB.UTF-8', de: 'de_DE.UTF-8', nl: 'nl_NL.UTF-8' } as const;
const LOCALE_DIRECTORY = join(RUN_DIRECTORY, 'locale');

/** The key of an element reference in the W3C WebDriver protocol. */
const ELEMENT_KEY = 'element-6066-11e4-a52e-4f735466cecf';

function compiledLocale(language: BrowserSettings['language']): string {
  const locale = LOCALES[language];
  const target = join(LOCALE_DIRECTORY, locale);
  if (!existsSync(target)) {
    // Two workers may compile the same locale: each into a folder of its own, then renamed into place.
    const scratch = `${target}.${process.pid}`;
    mkdirSync(LOCALE_DIRECTORY, { recursive: true });
    execFileSync('localedef', ['-i', locale.split('.')[0]!, '-f', 'UTF-8', scratch]);
    try {
      renameSync(scratch, target);
    } catch {
      rmSync(scratch, { recursive: true, force: true });
    }
  }
  return locale;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** An X display of this worker's own: MiniBrowser paints into a real window, which no one sees. */
async function startXvfb(): Promise<{ display: string; process: ChildProcess }> {
  const xvfb = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '1400x1000x24', '-nolisten', 'tcp'], { stdio: ['ignore', 'ignore', 'ignore', 'pipe'] });
  const display = await new Promise<string>((resolve, reject) => {
    xvfb.stdio[3]!.on('data', (chunk: Buffer) => resolve(`:${chunk.toString().trim()}`));
    xvfb.on('exit', (code) => reject(new Error(`Xvfb ended with ${code}`)));
  });
  return { display, process: xvfb };
}

type WebDriverValue = { error?: string; message?: string } & Record<string, unknown>;

/** A classic W3C WebDriver session: a handful of commands over HTTP. */
class WebDriverSession {
  private currentWindow = '';

  constructor(
    private readonly origin: string,
    private readonly id: string,
  ) {}

  static async create(origin: string, capabilities: object): Promise<WebDriverSession> {
    // Starting MiniBrowser is the one command whose time grows with the machine's load: past 30 s
    // now and then while both workers run browsers.
    const answer = await WebDriverSession.call(origin, 'POST', '/session', { capabilities: { alwaysMatch: capabilities } }, 50_000);
    return new WebDriverSession(origin, (answer as { sessionId: string }).sessionId);
  }

  private static async call(origin: string, method: string, path: string, body?: object, timeoutMs = 30_000): Promise<unknown> {
    const response = await fetch(`${origin}${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
      // A browser that stops answering fails the command, not the whole test's minute.
      signal: AbortSignal.timeout(timeoutMs),
    }).catch((error: unknown) => {
      // Which command went unanswered: the abort alone names none.
      if ((error as Error).name !== 'TimeoutError') throw error;
      throw new Error(`WebDriver ${method} ${path.replace(/^\/session\/[^/]+/, '/session/…')}: no answer within ${timeoutMs / 1000} s`, { cause: error });
    });
    const { value } = (await response.json()) as { value: WebDriverValue };
    if (value?.error) throw new Error(`WebDriver ${method} ${path}: ${value.error}: ${value.message}`);
    return value;
  }

  /** A command in `window`: switches to it first, since WebDriver addresses one window at a time. */
  async command<T>(window: string, method: string, path: string, body?: object): Promise<T> {
    if (window !== this.currentWindow) {
      await WebDriverSession.call(this.origin, 'POST', `/session/${this.id}/window`, { handle: window });
      this.currentWindow = window;
    }
    return (await WebDriverSession.call(this.origin, method, `/session/${this.id}${path}`, body)) as T;
  }

  async firstWindow(): Promise<string> {
    this.currentWindow = await WebDriverSession.call(this.origin, 'GET', `/session/${this.id}/window`) as string;
    return this.currentWindow;
  }

  async newWindow(): Promise<string> {
    const { handle } = (await WebDriverSession.call(this.origin, 'POST', `/session/${this.id}/window/new`, { type: 'window' })) as { handle: string };
    return handle;
  }

  end(): Promise<unknown> {
    return WebDriverSession.call(this.origin, 'DELETE', `/session/${this.id}`);
  }
}

function webkitWindow(session: WebDriverSession, handle: string): DriverWindow {
  const command = <T>(method: string, path: string, body?: object) => session.command<T>(handle, method, path, body);
  const elementId = (element: ElementRef) => (element.engineElement as Record<string, string>)[ELEMENT_KEY];
  return {
    goto: async (url) => void (await command('POST', '/url', { url })),
    url: () => command('GET', '/url'),
    evaluate: (expression) => command('POST', '/execute/sync', { script: `return ${expression}`, args: [] }),
    element: async (expression) => {
      const found = await command<Record<string, string> | null>('POST', '/execute/sync', { script: `return ${expression}`, args: [] });
      return found && found[ELEMENT_KEY] ? { engineElement: found } : null;
    },
    click: async (element) => void (await command('POST', `/element/${elementId(element)}/click`, {})),
    type: async (element, text) => {
      await command('POST', `/element/${elementId(element)}/clear`, {});
      await command('POST', `/element/${elementId(element)}/value`, { text });
    },
    screenshot: async (path) => writeFileSync(path, Buffer.from(await command<string>('GET', '/screenshot'), 'base64')),
    close: async () => void (await command('DELETE', '/window')),
  };
}

/** Sizes the window so that the page's viewport, not the window with its frame, is `viewport`. */
async function fitViewport(window: DriverWindow, session: WebDriverSession, handle: string, viewport: { width: number; height: number }): Promise<void> {
  await session.command(handle, 'POST', '/window/rect', viewport);
  const inner = await window.evaluate<{ width: number; height: number }>('({ width: innerWidth, height: innerHeight })');
  await session.command(handle, 'POST', '/window/rect', {
    width: viewport.width * 2 - inner.width,
    height: viewport.height * 2 - inner.height,
  });
}

/**
 * WebKitGTK's MiniBrowser through its WebDriver (classic W3C WebDriver over HTTP). One driver
 * runs one session, so each person is a WebKitWebDriver and a MiniBrowser of their own, with
 * the language as its process locale, in this worker's Xvfb display, with *.desk.test reached
 * through the loopback tunnel. Third-party cookies are refused and Intelligent Tracking
 * Prevention is on, as in Safari.
 */
export async function webkitDriver(): Promise<Driver> {
  const [xvfb, tunnel] = await Promise.all([startXvfb(), startLoopbackTunnel()]);
  const running = new Set<ChildProcess>();

  return {
    engine: 'webkit',
    async launch(settings) {
      const port = await freePort();
      const locale = compiledLocale(settings.language);
      const driver = spawn(WEBKIT_DRIVER_PATH, [`--port=${port}`], {
        env: { ...process.env, DISPLAY: xvfb.display, LOCPATH: LOCALE_DIRECTORY, LC_ALL: locale, LANG: locale },
        stdio: 'ignore',
      });
      running.add(driver);
      const origin = `http://127.0.0.1:${port}`;
      for (let attempt = 0; !(await fetch(`${origin}/status`).then((r) => r.ok, () => false)); attempt++) {
        if (attempt > 100) throw new Error('WebKitWebDriver did not start');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const session = await WebDriverSession.create(origin, {
        'webkitgtk:browserOptions': {
          binary: MINIBROWSER_PATH,
          args: [
            '--automation',
            '--ignore-tls-errors',
            `--proxy=http://127.0.0.1:${tunnel.port}`,
            '--ignore-host=127.0.0.1',
            '--enable-itp',
            `--cookies-policy=${settings.cookies === 'blocked' ? 'never' : 'no-third-party'}`,
            `--enable-javascript=${settings.javaScript}`,
            // GTK's dark theme for the window, which WebKitGTK gives pages as prefers-color-scheme.
            ...(settings.colourScheme === 'dark' ? ['--dark-mode'] : []),
          ],
        },
      });
      let windows = 0;
      return {
        async openWindow() {
          const handle = windows++ === 0 ? await session.firstWindow() : await session.newWindow();
          const window = webkitWindow(session, handle);
          await fitViewport(window, session, handle, VIEWPORTS[settings.device]);
          return window;
        },
        async close() {
          await session.end().catch(() => undefined);
          driver.kill();
          running.delete(driver);
        },
      };
    },
    async close() {
      for (const driver of running) driver.kill();
      xvfb.process.kill();
      await tunnel.close();
    },
  };
}
