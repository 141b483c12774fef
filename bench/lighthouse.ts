import { setTimeout as sleep } from 'node:timers/promises';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { navigation, type Flags, type RunnerResult } from 'lighthouse';
// Lighthouse's own dependency, as chrome-launcher is: the page a navigation by a click needs.
import puppeteer from 'puppeteer-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/e2e/support/environment.ts';
import { firstHeading, submitFormWithoutScript } from './screens.ts';

/**
 * How Lighthouse slows the load to a mobile phone's (its mobileSlow4G settings, either way):
 * - `simulate`, its default: the page loads at full speed, and Lantern computes the metrics from
 *   that trace with a model of the slow network and CPU;
 * - `devtools`: Chromium itself slows the network (562.5 ms per request, 1.4 Mbit/s) and the CPU
 *   (4x) while the page loads, and the metrics are what the browser observed.
 */
export type Throttling = 'simulate' | 'devtools';

/** One Lighthouse run: mobile, Debian's Chromium headless. */
export type LighthouseRun = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcpMs: number;
  lcpMs: number;
  /** Requests the browser held the first paint for (Lighthouse's render-blocking insight). */
  renderBlocking: string[];
  tbtMs: number;
  cls: number;
  /** Lighthouse's breakdown of the largest contentful paint (its LCP breakdown insight), ms. */
  lcpBreakdown: LcpBreakdown;
  /** Lighthouse's own measure of how fast this machine was during the run (higher is faster). */
  benchmarkIndex: number;
  /** Audits of accessibility and best practices that did not pass: why a score is below 100. */
  failed: string[];
};

/** Where a largest contentful paint's time went: until the document's first byte, then until the paint (text has no load). */
export type LcpBreakdown = { timeToFirstByteMs: number; resourceLoadDelayMs: number; resourceLoadDurationMs: number; elementRenderDelayMs: number };

const LCP_SUBPARTS = {
  timeToFirstByte: 'timeToFirstByteMs',
  resourceLoadDelay: 'resourceLoadDelayMs',
  resourceLoadDuration: 'resourceLoadDurationMs',
  elementRenderDelay: 'elementRenderDelayMs',
} as const;

function lcpBreakdownOf(details: unknown): LcpBreakdown {
  const breakdown: LcpBreakdown = { timeToFirstByteMs: 0, resourceLoadDelayMs: 0, resourceLoadDurationMs: 0, elementRenderDelayMs: 0 };
  const tables = (details as { items?: { type?: string; items?: { subpart?: string; duration?: number }[] }[] } | undefined)?.items ?? [];
  for (const row of tables.filter((table) => table.type === 'table').flatMap((table) => table.items ?? [])) {
    const key = LCP_SUBPARTS[row.subpart as keyof typeof LCP_SUBPARTS];
    if (key) breakdown[key] = row.duration ?? 0;
  }
  return breakdown;
}

/** What one run loads: a URL with headers (fresh for each run), or the answer to a form posted on it. */
export type LighthouseTarget = {
  url: string;
  headers?: Record<string, string>;
  submitEmail?: string;
  /** Where the form is posted, if not to the page itself. */
  postTo?: string;
  /** The heading the posted form's answer must show. */
  heading?: string;
};

const FLAGS: Flags = { output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices'] };

/**
 * A navigation started by posting the page's form: Lighthouse records from the click on, like a
 * load, but storage is not reset for such a navigation, so the browser's cache is emptied here.
 */
async function formPostRun(port: number, target: LighthouseTarget & { submitEmail: string }, flags: Flags): Promise<RunnerResult | undefined> {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}`, defaultViewport: null });
  const page = await browser.newPage();
  try {
    if (target.headers) await page.setExtraHTTPHeaders(target.headers);
    const response = await page.goto(target.url, { waitUntil: 'networkidle0' });
    if (!response?.ok()) throw new Error(`${target.url} answered ${response?.status() ?? 'nothing'}`);
    const session = await page.createCDPSession();
    await session.send('Network.clearBrowserCache');
    // Turning the cache off and on again empties the renderer's memory cache too.
    await session.send('Network.setCacheDisabled', { cacheDisabled: true });
    await session.send('Network.setCacheDisabled', { cacheDisabled: false });
    await session.detach();
    const result = await navigation(page, () => page.evaluate(submitFormWithoutScript, { email: target.submitEmail, action: target.postTo }), {
      flags: { ...flags, extraHeaders: target.headers },
    });
    const heading = await page.evaluate(firstHeading);
    if (target.heading !== undefined && heading !== target.heading) throw new Error(`${target.url}: the form's answer shows "${heading}", not "${target.heading}"`);
    return result;
  } finally {
    await page.close();
    await browser.disconnect();
  }
}

export async function lighthouseRuns(runs: number, target: () => Promise<LighthouseTarget>, throttling: Throttling): Promise<LighthouseRun[]> {
  return (await lighthouseRounds(runs, [target], throttling))[0] ?? [];
}

/**
 * Lighthouse on several targets in turn, round after round, in one browser: each target's runs
 * (in the order of `targets`) spread over the same stretch of time, so that a quieter or busier
 * moment of the machine falls on all of them alike, and the targets of one round can be compared
 * with each other.
 */
export async function lighthouseRounds(rounds: number, targets: (() => Promise<LighthouseTarget>)[], throttling: Throttling): Promise<LighthouseRun[][]> {
  const flags: Flags = { ...FLAGS, throttlingMethod: throttling };
  const launch = () =>
    chromeLauncher.launch({
      chromePath: CHROMIUM_PATH,
      chromeFlags: ['--headless=new', ...CHROMIUM_ARGS.filter((flag) => !flag.startsWith('--host-resolver-rules'))],
    });
  let chrome = await launch();
  try {
    const results: LighthouseRun[][] = targets.map(() => []);
    let failedRecordings = 0;
    const failedOnce = async (url: string, why: string) => {
      failedRecordings += 1;
      if (failedRecordings > 3) throw new Error(`Lighthouse on ${url}: ${why}`);
      console.warn(`bench: Lighthouse on ${url} recorded nothing (${why}); running it again`);
    };
    for (let run = 0; run < rounds * targets.length; run += 1) {
      const index = run % targets.length;
      const next = await targets[index]!();
      const { submitEmail } = next;
      const outcome = await outliving(() =>
        submitEmail ? formPostRun(chrome.port, { ...next, submitEmail }, flags) : lighthouse(next.url, { ...flags, port: chrome.port, extraHeaders: next.headers }),
      );
      if ('lost' in outcome) {
        // The browser's session died under Lighthouse (a busy machine now and then): the run is
        // lost, not the bench; a fresh browser runs it again.
        await failedOnce(next.url, outcome.lost);
        await chrome.kill();
        chrome = await launch();
        run -= 1;
        continue;
      }
      const result = outcome.result;
      if (!result) throw new Error(`Lighthouse returned nothing for ${next.url}`);
      const { categories, audits, environment, runtimeError } = result.lhr;
      if (runtimeError) {
        // Lighthouse itself sometimes fails to record a trace (NO_NAVSTART); such a run has no
        // numbers at all, so it is run again, a few times at most.
        await failedOnce(next.url, runtimeError.code);
        run -= 1;
        continue;
      }
      const expected = next.postTo ? new URL(next.postTo, next.url).href : next.url;
      if (result.lhr.finalDisplayedUrl !== expected) throw new Error(`Lighthouse on ${next.url} ended on ${result.lhr.finalDisplayedUrl}, not ${expected}`);
      results[index]!.push({
        performance: Math.round((categories.performance?.score ?? 0) * 100),
        accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
        bestPractices: Math.round((categories['best-practices']?.score ?? 0) * 100),
        fcpMs: audits['first-contentful-paint']?.numericValue ?? Number.NaN,
        lcpMs: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
        renderBlocking: ((audits['render-blocking-insight']?.details as { items?: { url?: unknown }[] } | undefined)?.items ?? []).map((item) => String(item.url)),
        tbtMs: audits['total-blocking-time']?.numericValue ?? Number.NaN,
        cls: audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
        lcpBreakdown: lcpBreakdownOf(audits['lcp-breakdown-insight']?.details),
        benchmarkIndex: environment.benchmarkIndex,
        failed: ['accessibility', 'best-practices'].flatMap((category) =>
          (categories[category]?.auditRefs ?? [])
            .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
            .map((ref) => ref.id),
        ),
      });
    }
    return results;
  } finally {
    await chrome.kill();
  }
}

/** Longer than any run on this machine; a run still going then is taken as lost. */
const RUN_LIMIT_MS = 180_000;

/**
 * A Lighthouse run, or why it was lost: Lighthouse lets a protocol error of a closed session
 * escape as an unhandled rejection, which would end the process, and its own promise may then
 * never settle.
 */
async function outliving<T>(run: () => Promise<T>): Promise<{ result: T } | { lost: string }> {
  let onEscaped: ((reason: unknown) => void) | undefined;
  const escaped = new Promise<{ lost: string }>((resolve) => {
    onEscaped = (reason) => resolve({ lost: `escaped: ${String(reason)}` });
  });
  process.on('unhandledRejection', onEscaped!);
  const timer = new AbortController();
  try {
    return await Promise.race([
      run().then(
        (result): { result: T } => ({ result }),
        (error: unknown) => ({ lost: String(error) }),
      ),
      escaped,
      sleep(RUN_LIMIT_MS, { lost: `still running after ${RUN_LIMIT_MS / 1000} s` }, { signal: timer.signal }),
    ]);
  } finally {
    timer.abort();
    process.off('unhandledRejection', onEscaped!);
  }
}
