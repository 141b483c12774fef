import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/e2e/environment.ts';

/** One Lighthouse run: mobile, simulated throttling (its defaults), Debian's Chromium headless. */
export type LighthouseRun = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Lighthouse's own measure of how fast this machine was during the run (higher is faster). */
  benchmarkIndex: number;
  /** Audits of accessibility and best practices that did not pass: why a score is below 100. */
  failed: string[];
};

export async function lighthouseRuns(url: string, runs: number, headers?: () => Promise<Record<string, string>>): Promise<LighthouseRun[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS.filter((flag) => !flag.startsWith('--host-resolver-rules'))],
  });
  try {
    const results: LighthouseRun[] = [];
    let failedRecordings = 0;
    for (let run = 0; run < runs; run += 1) {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
        extraHeaders: headers ? await headers() : undefined,
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      const { categories, audits, environment, runtimeError } = result.lhr;
      if (runtimeError) {
        // Lighthouse itself sometimes fails to record a trace (NO_NAVSTART); such a run has no
        // numbers at all, so it is run again, a few times at most.
        failedRecordings += 1;
        if (failedRecordings > 3) throw new Error(`Lighthouse on ${url}: ${runtimeError.code} ${runtimeError.message}`);
        console.warn(`bench: Lighthouse on ${url} recorded nothing (${runtimeError.code}); running it again`);
        run -= 1;
        continue;
      }
      if (result.lhr.finalDisplayedUrl !== url) throw new Error(`Lighthouse on ${url} ended on ${result.lhr.finalDisplayedUrl}`);
      results.push({
        performance: Math.round((categories.performance?.score ?? 0) * 100),
        accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
        bestPractices: Math.round((categories['best-practices']?.score ?? 0) * 100),
        lcpMs: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
        tbtMs: audits['total-blocking-time']?.numericValue ?? Number.NaN,
        cls: audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
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
