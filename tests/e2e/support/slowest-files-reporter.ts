import { relative } from 'node:path';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * After the totals, the spec files that took the most test time (every try of every test, in
 * every engine), so that whoever waits for the suite sees where the minutes went.
 */

const FILES_SHOWN = 8;

export default class SlowestFilesReporter implements Reporter {
  private readonly byFile = new Map<string, number>();
  private started = Date.now();

  onBegin(): void {
    this.started = Date.now();
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const file = relative(process.cwd(), test.location.file);
    this.byFile.set(file, (this.byFile.get(file) ?? 0) + result.duration);
  }

  onEnd(): void {
    const files = [...this.byFile].sort(([, a], [, b]) => b - a);
    const total = files.reduce((sum, [, ms]) => sum + ms, 0);
    if (total === 0) return;
    const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;
    console.log(`\nTest time ${seconds(total)} in ${seconds(Date.now() - this.started)} of wall time; the slowest files:`);
    for (const [file, ms] of files.slice(0, FILES_SHOWN)) console.log(`  ${seconds(ms).padStart(6)}  ${file}`);
  }

  printsToStdio(): boolean {
    return false;
  }
}
