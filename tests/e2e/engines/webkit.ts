import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { join } from 'node:path';
import { RUN_DIRECTORY, testPort } from '../support/environment.ts';
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

/**
 * Each WebKit person listens on two ports: its WebKitWebDriver's, and its MiniBrowser's inspector
 * server, which the driver talks to. Left to itself the driver picks the inspector's port as any
 * port the kernel hands out, and connects to whatever listens there once the browser is up: on
 * the suite's busy loopback another process had now and then taken it by then, and the driver
 * waited on a stranger until the test's time ran out. So this worker's ports come from a lane of
 * the suite's own range (4900 to 4999), below the kernel's, which no other process is given.
 */
const PORT_LANES = { first: 4900, lanes: 4, portsPerLane: 24 } as const;

function portIsFree(port: number): Promise<boolean> {
  const probe = createServer();
  return new Promise((resolve) => {
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

function portLane(parallelIndex: number): () => Promise<{ driver: number; inspector: number }> {
  const first = testPort(PORT_LANES.first) + (parallelIndex % PORT_LANES.lanes) * PORT_LANES.portsPerLane;
  const pairs = PORT_LANES.portsPerLane / 2;
  let next = 0;
  return async () => {
    for (let tried = 0; tried < pairs; tried++) {
      // Taken before the first await: two people launched side by side never share a pair.
      const driver = first + (next++ % pairs) * 2;
      // A port still held by a browser of an earlier test, on its way out, is passed over.
      if ((await portIsFree(driver)) && (await portIsFree(driver + 1))) return { driver, inspector: driver + 1 };
    }
    throw new Error(`every WebKit port from ${first} to ${first + PORT_LANES.portsPerLane - 1} is taken`);
  };
}

/** The last lines `child` wrote to its standard error: what a process that failed to start said why. */
function lastWords(child: ChildProcess): () => string {
  let tail = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-2_000);
  });
  return () => tail.trim().split('\n').slice(-8).join('\n');
}

class EndedBeforeListening extends Error {}

/** Waits until `child` accepts connections on `port`; fails if it ends first, with its last words. */
async function listening(port: number, child: ChildProcess, what: string): Promise<void> {
  const said = lastWords(child);
  for (const started = Date.now(); Date.now() - started < 30_000; await new Promise((resolve) => setTimeout(resolve, 50))) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new EndedBeforeListening(`${what} ended (${child.exitCode ?? child.signalCode}) before it listened on ${port}; it said:\n${said() || '(nothing)'}`);
    }
    const accepted = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1')
        .once('connect', () => {
          socket.destroy();
          resolve(true);
        })
        .once('error', () => resolve(false));
    });
    if (accepted) return;
  }
  throw new Error(`${what} did not listen on ${port} within 30 s`);
}

/**
 * An X display of this worker's own: MiniBrowser paints into a real window, which no one sees.
 * `-noreset`: an X server resets when its last client leaves, and a client connecting meanwhile
 * cannot open the display (MiniBrowser's "cannot open display: :0" as a test's browser closed and
 * the next started; 4 of 1,200 connections from four clients at once without it, 0 with it).
 */
async function startXvfb(): Promise<{ display: string; process: ChildProcess }> {
  const xvfb = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '1400x1000x24', '-nolisten', 'tcp', '-noreset'], { stdio: ['ignore', 'ignore', 'ignore', 'pipe'] });
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

  /** A session in the browser the driver was started for (its `--target`), already listening. */
  static async create(origin: string): Promise<WebDriverSession> {
    const answer = await WebDriverSession.call(origin, 'POST', '/session', { capabilities: { alwaysMatch: {} } });
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
export async function webkitDriver({ parallelIndex }: { parallelIndex: number }): Promise<Driver> {
  const [xvfb, tunnel] = await Promise.all([startXvfb(), startLoopbackTunnel()]);
  const running = new Set<ChildProcess>();
  const nextPorts = portLane(parallelIndex);

  /** One person's MiniBrowser and WebKitWebDriver, with a session between them. */
  async function start(settings: BrowserSettings): Promise<{ session: WebDriverSession; stop: () => void }> {
    const ports = await nextPorts();
    const locale = compiledLocale(settings.language);
    const environment = { ...process.env, DISPLAY: xvfb.display, LOCPATH: LOCALE_DIRECTORY, LC_ALL: locale, LANG: locale };
    // Started here, not by the driver, so that its inspector listens on a port of this worker's lane.
    const browser = spawn(
      MINIBROWSER_PATH,
      [
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
      // As WebKitWebDriver starts it: the inspector's address, and GTK's overlay scrollbars.
      { env: { ...environment, WEBKIT_INSPECTOR_SERVER: `127.0.0.1:${ports.inspector}`, GTK_OVERLAY_SCROLLING: '1' }, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    const driver = spawn(WEBKIT_DRIVER_PATH, [`--port=${ports.driver}`, `--target=127.0.0.1:${ports.inspector}`], { env: environment, stdio: ['ignore', 'ignore', 'pipe'] });
    const processes = [browser, driver];
    for (const started of processes) running.add(started);
    const stop = () => {
      for (const started of processes) {
        started.kill();
        running.delete(started);
      }
    };
    try {
      await Promise.all([listening(ports.inspector, browser, 'MiniBrowser'), listening(ports.driver, driver, 'WebKitWebDriver')]);
      return { session: await WebDriverSession.create(`http://127.0.0.1:${ports.driver}`), stop };
    } catch (error) {
      stop();
      throw error;
    }
  }

  return {
    engine: 'webkit',
    async launch(settings) {
      const { session, stop } = await start(settings).catch((error: unknown) => {
        // A browser that died before it listened has not met our pages yet: say what it said, start another.
        if (!(error instanceof EndedBeforeListening)) throw error;
        console.warn(`WebKit: starting again, since ${error.message}`);
        return start(settings);
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
          stop();
        },
      };
    },
    async close() {
      for (const started of running) started.kill();
      xvfb.process.kill();
      await tunnel.close();
    },
  };
}
