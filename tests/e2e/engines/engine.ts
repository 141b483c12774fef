import { writeFileSync } from 'node:fs';
import { expect } from '@playwright/test';
import { LOGIN_ORIGIN } from '../support/environment.ts';

/**
 * The few things a cross-engine flow does in a browser, whatever drives it: Playwright
 * (Chromium), WebDriver BiDi through puppeteer-core (Firefox) or classic WebDriver (WebKit).
 * Each driver implements `Driver`; the flows use `Person` and `Window`, which find elements the
 * same way in every engine (by role and accessible name, as a person reads the page) and wait
 * as Playwright's assertions do.
 */

export type EngineName = 'chromium' | 'firefox' | 'webkit';

/** How a person's browser is set up: its language, window size, scripts and cookies. */
export type BrowserSettings = {
  /** The browser's own language, sent as Accept-Language. */
  language: 'en' | 'de' | 'nl';
  device: 'desktop' | 'phone';
  javaScript: boolean;
  /** 'blocked': the browser refuses every cookie and every storage (a privacy setting). */
  cookies: 'allowed' | 'blocked';
  /** The person's choice of a light or dark look, which pages read as `prefers-color-scheme`. */
  colourScheme: 'light' | 'dark';
};

export const DEFAULT_SETTINGS: BrowserSettings = { language: 'en', device: 'desktop', javaScript: true, cookies: 'allowed', colourScheme: 'light' };

/** The size of the page's viewport, in CSS pixels. */
export const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;

/** An element found by a driver; opaque to the flows. */
export type ElementRef = { readonly engineElement: unknown };

/** One window (or tab) of a browser, as a driver exposes it. */
export interface DriverWindow {
  goto(url: string): Promise<void>;
  /** The address of the page shown, as the browser has it (also while the next one loads). */
  url(): Promise<string>;
  /** The value of a JavaScript expression in the page, as JSON. */
  evaluate<T>(expression: string): Promise<T>;
  /** The element an expression yields, or null. */
  element(expression: string): Promise<ElementRef | null>;
  click(element: ElementRef): Promise<void>;
  /** Replaces the field's value by typing `text`, key by key. */
  type(element: ElementRef, text: string): Promise<void>;
  screenshot(path: string): Promise<void>;
  close(): Promise<void>;
}

/** One browser profile: its own cookies and storage, as a person's browser on one device. */
export interface DriverBrowser {
  openWindow(): Promise<DriverWindow>;
  close(): Promise<void>;
}

export interface Driver {
  readonly engine: EngineName;
  launch(settings: BrowserSettings): Promise<DriverBrowser>;
  close(): Promise<void>;
}

type Role = 'button' | 'link' | 'textbox' | 'heading' | 'status' | 'alert';
type Name = string | RegExp;

/**
 * Runs in the page: the first visible element of `role` whose accessible name is `name` (a
 * string: whole and exact, spaces folded; a regular expression: anywhere). A simplified
 * accessible name: aria-label, aria-labelledby, the field's labels, a button input's value, or
 * the element's text.
 */
const FIND_BY_ROLE = `(role, source, flags, exact) => {
  const selectors = {
    button: 'button, [role=button], input[type=submit], input[type=button]',
    link: 'a[href], [role=link]',
    textbox: 'input:not([type]), input[type=text], input[type=email], input[type=tel], input[type=search], textarea, [role=textbox]',
    heading: 'h1, h2, h3, h4, h5, h6, [role=heading]',
    status: '[role=status], output',
    alert: '[role=alert]',
  };
  const fold = (text) => (text || '').replace(/\\s+/g, ' ').trim();
  const nameOf = (element) => {
    if (element.getAttribute('aria-label')) return element.getAttribute('aria-label');
    const labelledBy = element.getAttribute('aria-labelledby');
    if (labelledBy) return labelledBy.split(' ').map((id) => document.getElementById(id)?.textContent || '').join(' ');
    if (element.labels && element.labels.length > 0) return [...element.labels].map((label) => label.textContent).join(' ');
    if (element.tagName === 'INPUT') return element.value;
    return element.textContent;
  };
  const visible = (element) => element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden';
  const matches = (name) => (exact ? fold(name) === source : new RegExp(source, flags).test(fold(name)));
  return [...document.querySelectorAll(selectors[role])].find((element) => visible(element) && matches(nameOf(element))) || null;
}`;

function findExpression(role: Role, name: Name): string {
  const [source, flags, exact] = typeof name === 'string' ? [name, '', true] : [name.source, name.flags, false];
  return `(${FIND_BY_ROLE})(${JSON.stringify(role)}, ${JSON.stringify(source)}, ${JSON.stringify(flags)}, ${exact})`;
}

const WAIT = { timeout: 10_000, intervals: [100, 250, 500] };

/**
 * Runs in the page: when its document was asked for, answered and loaded, in ms since the
 * navigation began, and when that was (UTC, as in nginx's log); whether the window is shown. A
 * slow step then says whether the server or the browser took the time.
 */
const PAGE_LOADING = `(() => {
  const [entry] = performance.getEntriesByType('navigation');
  const at = (name) => (entry && entry[name] > 0 ? Math.round(entry[name]) : '-');
  const steps = ['requestStart', 'responseEnd', 'domInteractive', 'domContentLoadedEventEnd', 'loadEventEnd'].map((name) => name + ' ' + at(name));
  const began = new Date(performance.timeOrigin).toISOString().slice(11, 23);
  return 'loading: ' + steps.join(', ') + '; began at ' + began + ', ' + Math.round(performance.now()) + ' ms ago; ' + document.visibilityState + (document.hasFocus() ? ', focused' : '');
})()`;

/** A window as a flow uses it: what a person sees in it, and what they do. */
export class Window {
  constructor(private readonly driver: DriverWindow) {}

  /** A path under the login origin (`/login/en`), or a whole URL. */
  async goto(pathOrUrl: string): Promise<void> {
    await this.driver.goto(new URL(pathOrUrl, LOGIN_ORIGIN).href);
  }

  url(): Promise<string> {
    return this.driver.url();
  }

  /** What the page says, as a person reads it (innerText: hidden text is left out); '' while a page loads. */
  text(): Promise<string> {
    return this.driver.evaluate<string>('document.body ? document.body.innerText : ""').catch(() => '');
  }

  evaluate<T>(expression: string): Promise<T> {
    return this.driver.evaluate(expression);
  }

  /** How the page shown loaded, in a line (PAGE_LOADING). */
  loading(): Promise<string> {
    return this.driver.evaluate(PAGE_LOADING);
  }

  async expectUrl(expected: string | RegExp, message?: string, timeout = WAIT.timeout): Promise<void> {
    const poll = expect.poll(() => this.url(), { ...WAIT, timeout, message });
    await (typeof expected === 'string' ? poll.toBe(expected) : poll.toMatch(expected));
  }

  async expectText(expected: string | RegExp, message?: string): Promise<void> {
    const poll = expect.poll(() => this.text(), { ...WAIT, message });
    await (typeof expected === 'string' ? poll.toContain(expected) : poll.toMatch(expected));
  }

  /** The text of the first visible element of `role` named `name`; waits for it. */
  async textOf(role: Role, name: Name): Promise<string> {
    await this.find(role, name);
    return this.driver.evaluate(`(${findExpression(role, name)}).innerText`);
  }

  /** Waits until a visible element of `role` named `name` is on the page. */
  async expectVisible(role: Role, name: Name): Promise<void> {
    await this.find(role, name);
  }

  /** Whether such an element is on the page now: for what must not be there, beside a positive control. */
  async has(role: Role, name: Name): Promise<boolean> {
    return (await this.driver.element(findExpression(role, name))) !== null;
  }

  async click(role: 'button' | 'link', name: Name): Promise<void> {
    await this.driver.click(await this.find(role, name));
  }

  async fill(label: Name, text: string): Promise<void> {
    await this.driver.type(await this.find('textbox', label), text);
  }

  screenshot(path: string): Promise<void> {
    return this.driver.screenshot(path);
  }

  close(): Promise<void> {
    return this.driver.close();
  }

  private async find(role: Role, name: Name): Promise<ElementRef> {
    let found: ElementRef | null = null;
    await expect
      .poll(async () => (found = await this.driver.element(findExpression(role, name)).catch(() => null)) !== null, { ...WAIT, message: `a visible ${role} named ${name}` })
      .toBe(true);
    return found!;
  }
}

/** A person at one browser: one profile, any number of windows. */
export class Person {
  private readonly windows: Window[] = [];

  constructor(private readonly browser: DriverBrowser) {}

  /** A new window of this browser (shares its cookies), at `pathOrUrl` when given. */
  async open(pathOrUrl?: string): Promise<Window> {
    const window = new Window(await this.browser.openWindow());
    this.windows.push(window);
    if (pathOrUrl) await window.goto(pathOrUrl);
    return window;
  }

  /**
   * What each of this person's windows showed when a test failed: its address, how its page
   * loaded, its text and a screenshot, at `pathOf(window number, extension)`. A window that does
   * not answer within a few seconds is left out: the evidence must not hang the test's end.
   */
  async evidence(pathOf: (window: number, extension: string) => string): Promise<string[]> {
    const written: string[] = [];
    await Promise.all(
      this.windows.map(async (window, index) => {
        const within = <T>(promise: Promise<T>) => Promise.race([promise, new Promise<undefined>((resolve) => setTimeout(resolve, 5_000))]);
        const [url, loading, text] = await Promise.all([
          within(window.url().catch(() => undefined)),
          within(window.loading().catch(() => undefined)),
          within(window.text()),
        ]);
        writeFileSync(pathOf(index + 1, 'txt'), `${url ?? '(no answer)'}\n${loading ?? '(no answer)'}\n\n${text ?? '(no answer)'}\n`);
        written.push(pathOf(index + 1, 'txt'));
        if (await within(window.screenshot(pathOf(index + 1, 'png')).then(() => true, () => false))) written.push(pathOf(index + 1, 'png'));
      }),
    );
    return written;
  }

  close(): Promise<void> {
    return this.browser.close();
  }
}
