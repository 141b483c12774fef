// A whole sign-in per CPU-second (issue 50): complete sign-ins driven in Chromium, from the first
// GET to the organisation's address, through the site front (bench/nginx.ts) in front of two app
// instances, each batch charged with the CPU both instances spent beyond their idle.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import type { FrontRequest, SiteFront, StaticFrom } from './nginx.ts';
import { median } from './load.ts';
import { preciseCpuMilliseconds as cpuMilliseconds, type Server } from './processes.ts';
import { benchAddress, latestLink, requestLink } from './sign-in.ts';

export const SIGN_IN_KINDS = ['e-mail, link in the same browser', 'e-mail, link in another browser', 'single sign-on with the picker'] as const;
export type SignInKind = (typeof SIGN_IN_KINDS)[number];

/** A browser that comes new to the site (every file fetched), or one that holds the files from its sign-ins before. */
export const BROWSER_STATES = ['fresh browser', 'browser holding the files'] as const;
export type BrowserState = (typeof BROWSER_STATES)[number];

/** How long a person typically waits on the mail-sent view before the link is opened. */
export const TYPICAL_WAIT_MS = 20_000;

export type WholeSignInSettings = {
  /** Measured rounds, after one round that warms the instances and the browsers holding files. */
  rounds: number;
  /** Sign-ins of one kind, browser state and static serving per batch, run side by side. */
  signInsPerBatch: number;
  /** The instances' own CPU while no sign-in runs, measured for this long before each batch. */
  idleMs: number;
  /** Who serves the build's static files: nginx, as the shipped site does, and the app as well when asked (BENCH_STATIC_FROM_APP=1). */
  staticFrom: readonly StaticFrom[];
};

export type InstanceCpu = {
  /** utime + stime during the batch. */
  busyMs: number;
  /** CPU ms per wall ms in the idle window just before the batch. */
  idleWindowRate: number;
  /**
   * What the instance spends idle over the batch's wall time: the median rate of its idle windows
   * in the whole run, times that time. The median, because a window after a batch now and then
   * holds that batch's late work (a garbage collection), which is the batch's and not idle.
   */
  idleMs: number;
};

export type SignInBatch = {
  kind: SignInKind | 'polls of a waiting mail-sent view';
  browser: BrowserState;
  staticFrom: StaticFrom;
  signIns: number;
  wallMs: number;
  instances: InstanceCpu[];
  backendCpuMs: number;
  /** The site front's worker: it serves the static files when `staticFrom` is nginx. */
  nginxCpuMs: number;
  requests: FrontRequest[];
};

export type WholeSignIns = {
  settings: WholeSignInSettings;
  batches: SignInBatch[];
  /** The mail-sent view's poll interval: the polls of a typical wait are TYPICAL_WAIT_MS / this. */
  pollIntervalMs: number;
};

export type SignInOrigins = {
  /** The login as browsers reach it: through the site front. */
  app: string;
  backend: string;
  /** Organisations live at `<subDomain>.<organisationDomain>`. */
  organisationDomain: string;
};

/** What a finished sign-in left: the organisation's address and the access token its web app received. */
type SignedIn = { organisation: string; account: string; accessToken: string };

const STATUS_PATH = '/login/api/email-sign-in/status';

/** The mail-sent view's poll interval, as the app names it (its module is not loadable outside Next). */
export function pollIntervalMs(): number {
  const source = readFileSync(join(process.cwd(), 'lib/flows/email-sign-in/wait.ts'), 'utf8');
  const value = /export const SIGN_IN_POLL_INTERVAL_MS = ([\d_]+);/.exec(source)?.[1];
  if (!value) throw new Error('lib/flows/email-sign-in/wait.ts no longer names SIGN_IN_POLL_INTERVAL_MS: look at bench/whole-sign-in.ts');
  return Number(value.replaceAll('_', ''));
}

/**
 * App CPU of a batch, idle subtracted. Refuses a negative figure: idle measured above what the
 * instance spent while it served sign-ins means the idle window measured something else.
 */
export function appCpuMs(batch: Pick<SignInBatch, 'instances' | 'kind' | 'browser' | 'staticFrom'>): number {
  return batch.instances.reduce((sum, instance, index) => {
    const net = instance.busyMs - instance.idleMs;
    if (!(instance.idleMs >= 0) || !(net >= 0)) {
      throw new Error(
        `${batch.kind}, ${batch.browser}, static from ${batch.staticFrom}: instance ${index + 1} spent ${instance.busyMs} ms busy against ${instance.idleMs.toFixed(1)} ms idle over the same time`,
      );
    }
    return sum + net;
  }, 0);
}

/** The kinds of requests an app instance answered, per sign-in. */
export type RequestCounts = { app: number; static: number; posts: number; polls: number; icons: number; other: number; staticByNginx: number };

export function countRequests(requests: FrontRequest[], signIns: number): RequestCounts {
  const app = requests.filter((request) => request.by === 'app');
  const per = (count: number) => count / signIns;
  const isStatic = (request: FrontRequest) => request.path.startsWith('/login/_next/static/');
  const isIcon = (request: FrontRequest) => /^\/login\/(icon|favicon)/.test(request.path);
  const isPoll = (request: FrontRequest) => request.path === STATUS_PATH;
  const isPost = (request: FrontRequest) => request.method === 'POST';
  return {
    app: per(app.length),
    static: per(app.filter(isStatic).length),
    posts: per(app.filter(isPost).length),
    polls: per(app.filter(isPoll).length),
    icons: per(app.filter(isIcon).length),
    other: per(app.filter((request) => !isStatic(request) && !isIcon(request) && !isPoll(request) && !isPost(request)).length),
    staticByNginx: per(requests.filter((request) => request.by === 'nginx' && isStatic(request)).length),
  };
}

function isOrganisationUrl(url: URL, domain: string): boolean {
  return url.hostname.endsWith(`.${domain}`) && url.hostname !== `web.${domain}`;
}

/**
 * Waits until one of `tabs` (of the browser that asked to sign in) shows the organisation's web
 * app, signed in, and takes the token it was handed there. In the same browser either tab may
 * get there first: the link's tab hands off itself when the waiting tab's poll came first.
 */
async function arrivedAtOrganisation(tabs: Page[], origins: SignInOrigins, account: string, subDomain: string): Promise<SignedIn> {
  const context = tabs[0]!.context();
  const page = await Promise.any(tabs.map((tab) => tab.waitForURL((url) => isOrganisationUrl(url, origins.organisationDomain), { timeout: PATIENCE_MS }).then(() => tab))).catch(async (error: unknown) => {
    // Where each tab of the sign-in stands says why it never arrived.
    const where = await Promise.all(
      context.pages().map(async (tab) => `${tab.url()}: ${((await tab.locator('main').textContent({ timeout: 1_000 }).catch(() => '')) ?? '').replace(/\s+/g, ' ').slice(0, 300)}`),
    );
    throw new Error(`${account} never arrived at an organisation (${String(error)}); the tabs of this browser: ${where.join(' | ')}`);
  });
  const url = new URL(page.url());
  if (url.hostname !== `${subDomain}.${origins.organisationDomain}` || url.pathname !== '/') throw new Error(`${account}: ended at ${page.url()}, not at ${subDomain}'s address`);
  // The main web app's stand-in says whether it received the organisation's access token.
  await page.getByRole('heading', { name: /^Signed in to / }).waitFor({ timeout: 10_000 });
  const token = (await context.cookies(url.origin)).find((cookie) => cookie.name === `${subDomain}AccessToken`)?.value;
  if (!token) throw new Error(`${account}: no ${subDomain}AccessToken at ${url.origin}`);
  return { organisation: url.origin, account, accessToken: token };
}

/** The backend's session behind the token: it must know the person who signed in. */
async function expectBackendSession(backendOrigin: string, signedIn: SignedIn): Promise<void> {
  const response = await fetch(`${backendOrigin}/api/v1/flw/users/me`, { headers: { authorization: `Bearer ${signedIn.accessToken}` } });
  const answer = (await response.json()) as { email?: string };
  if (response.status !== 200 || answer.email !== signedIn.account) {
    throw new Error(`${signedIn.account} at ${signedIn.organisation}: the backend's users/me answered ${response.status} ${JSON.stringify(answer)}`);
  }
}

/** The browsers of one sign-in: the one that asks, and another for a link opened elsewhere. */
type Browsers = { asking: BrowserContext; elsewhere: BrowserContext };

async function emailSignIn(browsers: Browsers, origins: SignInOrigins, where: 'same' | 'other'): Promise<SignedIn> {
  const waiting = await browsers.asking.newPage();
  const email = benchAddress();
  await requestLink(waiting, origins.app, email);
  const link = await latestLink(origins.backend, email);
  const linkTab = await (where === 'same' ? browsers.asking : browsers.elsewhere).newPage();
  await linkTab.goto(link);
  if (where === 'other') {
    await linkTab.getByRole('button', { name: 'Yes, sign me in' }).click();
    const code = (await linkTab.getByTestId('link-code').textContent()) ?? '';
    // The waiting tab's poll notices the confirmation and asks for the code.
    const codeField = waiting.getByRole('textbox', { name: 'Code of six digits' });
    await codeField.waitFor({ timeout: PATIENCE_MS });
    await codeField.fill(code);
    await waiting.getByRole('button', { name: 'Continue', exact: true }).click();
  }
  const signedIn = await arrivedAtOrganisation(where === 'same' ? [waiting, linkTab] : [waiting], origins, 'anna@acme.test', 'acme');
  // The other tab of the same browser may be on its way to the organisation too: let it finish before the tabs close.
  await Promise.all([waiting.waitForLoadState('load'), linkTab.waitForLoadState('load')]);
  return signedIn;
}

async function singleSignOn(browsers: Browsers, origins: SignInOrigins): Promise<SignedIn> {
  const page = await browsers.asking.newPage();
  await page.goto(`${origins.app}/login/en`);
  await page.getByRole('link', { name: 'Sign in with Google' }).click();
  // The local identity provider's own account picker.
  await page.getByRole('button', { name: /sso-many@acme\.test/ }).click();
  await page.waitForURL(/\/login\/en\/google\/organisations$/);
  await page.getByRole('button', { name: 'Globex' }).click();
  return arrivedAtOrganisation([page], origins, 'sso-many@acme.test', 'globex');
}

function signIn(kind: SignInKind, browsers: Browsers, origins: SignInOrigins): Promise<SignedIn> {
  if (kind === 'e-mail, link in the same browser') return emailSignIn(browsers, origins, 'same');
  if (kind === 'e-mail, link in another browser') return emailSignIn(browsers, origins, 'other');
  return singleSignOn(browsers, origins);
}

/** A screenshot of every tab of a failed sign-in's browsers, in `directory`: where each stood. */
async function pictureTabs(browsers: Browsers, directory: string, name: string): Promise<string> {
  mkdirSync(directory, { recursive: true });
  const tabs = [browsers.asking, browsers.elsewhere].flatMap((context) => context.pages());
  const files = await Promise.all(
    tabs.map(async (tab, index) => {
      const file = join(directory, `${new Date().toISOString().replace(/[:.]/g, '-')}-${name}-${index}.png`.replace(/[^\w.-]+/g, '-'));
      return (await tab.screenshot({ path: file, fullPage: true, timeout: 10_000 }).then(() => file).catch(() => undefined)) ?? `(tab ${index} could not be pictured)`;
    }),
  );
  return files.join(', ') || 'no tab';
}

/** Contexts made for one sign-in and closed after it, or kept with their HTTP cache and only their cookies cleared. */
class BrowserPool {
  private readonly holding: Browsers[] = [];
  private readonly browser: Browser;
  constructor(browser: Browser) {
    this.browser = browser;
  }

  private async newContext(): Promise<BrowserContext> {
    // The local identity provider's certificate is the bench's own authority's.
    const context = await this.browser.newContext({ ignoreHTTPSErrors: true });
    context.setDefaultTimeout(PATIENCE_MS);
    return context;
  }

  async take(state: BrowserState, slot: number): Promise<{ browsers: Browsers; release(): Promise<void> }> {
    if (state === 'fresh browser') {
      const browsers = { asking: await this.newContext(), elsewhere: await this.newContext() };
      return { browsers, release: async () => void (await Promise.all([browsers.asking.close(), browsers.elsewhere.close()])) };
    }
    this.holding[slot] ??= { asking: await this.newContext(), elsewhere: await this.newContext() };
    const browsers = this.holding[slot];
    // Each sign-in starts signed out, with the files it already holds.
    await Promise.all([browsers.asking.clearCookies(), browsers.elsewhere.clearCookies()]);
    return {
      browsers,
      release: async () => {
        for (const context of [browsers.asking, browsers.elsewhere]) await Promise.all(context.pages().map((page) => page.close()));
      },
    };
  }

  async close(): Promise<void> {
    await Promise.all(this.holding.flatMap((browsers) => [browsers.asking.close(), browsers.elsewhere.close()]));
  }
}

/** How long a step may take: on two cores shared with other work, a page load now and then takes over 30 s. */
const PATIENCE_MS = 120_000;

/** The batch's window stays open this long after its last page closed. */
const SETTLE_MS = 2_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Measured = { apps: Server[]; backend: Server };

/** Idle rate of each instance (CPU ms per wall ms), then the batch: its wall time, each instance's CPU, and its idle over that time. */
async function measuredBatch<T>(
  measured: Measured,
  front: SiteFront,
  idleMs: number,
  work: () => Promise<T>,
): Promise<{ result: T; wallMs: number; instances: InstanceCpu[]; backendCpuMs: number; nginxCpuMs: number; requests: FrontRequest[] }> {
  const pids = measured.apps.map((app) => app.child.pid ?? 0);
  const idleBefore = pids.map(cpuMilliseconds);
  const idleStarted = performance.now();
  await sleep(idleMs);
  const idleRates = pids.map((pid, index) => (cpuMilliseconds(pid) - (idleBefore[index] ?? 0)) / (performance.now() - idleStarted));

  const offset = front.logOffset();
  const before = pids.map(cpuMilliseconds);
  const backendBefore = cpuMilliseconds(measured.backend.child.pid ?? 0);
  const nginxBefore = cpuMilliseconds(front.workerPid);
  const started = performance.now();
  const result = await work();
  // What the batch left to do once its pages were closed (a collection of its garbage) is its own.
  await sleep(SETTLE_MS);
  const wallMs = performance.now() - started;
  const instances = pids.map((pid, index) => ({ busyMs: cpuMilliseconds(pid) - (before[index] ?? 0), idleWindowRate: idleRates[index] ?? 0, idleMs: Number.NaN }));
  const backendCpuMs = cpuMilliseconds(measured.backend.child.pid ?? 0) - backendBefore;
  const nginxCpuMs = cpuMilliseconds(front.workerPid) - nginxBefore;
  return { result, wallMs, instances, backendCpuMs, nginxCpuMs, requests: front.requestsSince(offset) };
}

/**
 * The polls of a typical wait: `count` browsers each on the mail-sent view of a sign-in of its
 * own, left for TYPICAL_WAIT_MS while the view asks for the status on its own interval. Only
 * that time is measured; a link is never opened.
 */
async function waitingPolls(browser: Browser, origins: SignInOrigins, count: number, measured: Measured, front: SiteFront, idleMs: number): Promise<SignInBatch> {
  const contexts = await Promise.all(Array.from({ length: count }, () => browser.newContext()));
  for (const context of contexts) context.setDefaultTimeout(PATIENCE_MS);
  try {
    const pages = await Promise.all(contexts.map((context) => context.newPage()));
    await Promise.all(pages.map((page) => requestLink(page, origins.app, benchAddress())));
    const batch = await measuredBatch(measured, front, idleMs, () => sleep(TYPICAL_WAIT_MS));
    for (const page of pages) {
      const status = await page.locator('[data-status]').getAttribute('data-status');
      if (status !== 'pending') throw new Error(`a waiting mail-sent view says ${status}, not pending`);
    }
    return { kind: 'polls of a waiting mail-sent view', browser: 'fresh browser', staticFrom: front.staticFrom, signIns: count, ...batch };
  } finally {
    await Promise.all(contexts.map((context) => context.close()));
  }
}

/**
 * Every kind of sign-in in every browser state, with the static files served by nginx (and by the
 * app, when the settings ask): a first round unmeasured (the instances' code warms, the holding browsers fill their
 * caches), then `rounds` rounds, each kind and state in turn and the order reversed every round.
 * `startFront` (re)starts the site front; the browsers reach it at `origins.app`.
 */
export async function measureWholeSignIns(options: {
  browser: Browser;
  origins: SignInOrigins;
  measured: Measured;
  startFront(staticFrom: StaticFrom): Promise<SiteFront>;
  settings: WholeSignInSettings;
  pollIntervalMs: number;
  log(message: string): void;
  /** Where a failed sign-in's tabs are pictured. */
  failures: string;
}): Promise<WholeSignIns> {
  const { browser, origins, measured, settings } = options;
  const pool = new BrowserPool(browser);
  const batches: SignInBatch[] = [];
  const combinations = SIGN_IN_KINDS.flatMap((kind) => BROWSER_STATES.map((state) => ({ kind, state })));
  let front: SiteFront | undefined;
  try {
    for (let round = 0; round <= settings.rounds; round += 1) {
      const warming = round === 0;
      const statics = round % 2 === 0 ? settings.staticFrom : [...settings.staticFrom].reverse();
      for (const staticFrom of statics) {
        await front?.stop();
        const current = await options.startFront(staticFrom);
        front = current;
        const order = (round + (staticFrom === 'nginx' ? 1 : 0)) % 2 === 0 ? combinations : [...combinations].reverse();
        for (const { kind, state } of order) {
          const runBatch = () =>
            measuredBatch(measured, current, settings.idleMs, () =>
              Promise.all(
                Array.from({ length: settings.signInsPerBatch }, async (_, slot) => {
                  const { browsers, release } = await pool.take(state, slot);
                  try {
                    return await signIn(kind, browsers, origins).catch(async (error: unknown) => {
                      throw new Error(`${String(error)}; pictured in ${await pictureTabs(browsers, options.failures, `${kind}-${state}-${slot}`)}`);
                    });
                  } finally {
                    await release();
                  }
                }),
              ),
            );
          // One sign-in stuck on a busy machine would lose the whole run: its batch is measured once more.
          const batch = await runBatch().catch((error: unknown) => {
            options.log(`a sign-in of the batch failed, so the batch is measured again: ${String(error)}`);
            return runBatch();
          });
          // Checked outside the measured time: every sign-in ended with a session the backend knows.
          for (const signedIn of batch.result) await expectBackendSession(origins.backend, signedIn);
          const { result: _signedIn, ...figures } = batch;
          const measuredBatch_: SignInBatch = { kind, browser: state, staticFrom, signIns: settings.signInsPerBatch, ...figures };
          const cpu = measuredBatch_.instances.map((instance) => `${instance.busyMs.toFixed(0)} ms busy, idle ${(instance.idleWindowRate * 1000).toFixed(1)} ms/s`).join('; ');
          const requests = countRequests(measuredBatch_.requests, measuredBatch_.signIns).app.toFixed(1);
          options.log(`${warming ? 'warm-up' : `round ${round}`}: ${kind}, ${state}, static from ${staticFrom}, ${measuredBatch_.signIns} in ${(measuredBatch_.wallMs / 1000).toFixed(1)} s: ${cpu}; ${requests} app requests per sign-in`);
          if (!warming) batches.push(measuredBatch_);
        }
        if (!warming && staticFrom === statics[0]) {
          batches.push(await waitingPolls(browser, origins, settings.signInsPerBatch, measured, front, settings.idleMs));
        }
      }
    }
  } finally {
    await front?.stop();
    await pool.close();
  }
  chargeIdle(batches);
  return { settings, batches, pollIntervalMs: options.pollIntervalMs };
}

/**
 * Each batch's idle over its wall time, at the median rate of the instance's idle windows of the
 * measured rounds (the warm-up's follow the instances' start and first compilations); then
 * every batch is held to it.
 */
export function chargeIdle(batches: SignInBatch[]): void {
  const instances = batches[0]?.instances.length ?? 0;
  for (let index = 0; index < instances; index += 1) {
    const rate = median(batches.map((batch) => batch.instances[index]?.idleWindowRate ?? Number.NaN));
    for (const batch of batches) {
      const instance = batch.instances[index];
      if (instance) instance.idleMs = rate * batch.wallMs;
    }
  }
  for (const batch of batches) appCpuMs(batch);
}
