import { relative } from 'node:path';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { busyBetween, cpuAvailable, cpuTimes, type CpuTimes } from './machine-cpu.ts';

/**
 * After the totals, the spec files that took the most test time (every try of every test, in
 * every engine), so that whoever waits for the suite sees where the minutes went, and the CPU the
 * run had: a run with half of it takes about twice as long.
 */

const FILES_SHOWN = 8;

export default class SlowestFilesReporter implements Reporter {
  private readonly byFile = new Map<string, number>();
  private started = Date.now();
  private cpuAtStart: CpuTimes = cpuTimes();

  onBegin(): void {
    this.started = Date.now();
    this.cpuAtStart = cpuTimes();
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
    const { busyPercent, stealPercent } = busyBetween(this.cpuAtStart, cpuTimes());
    const cpu = cpuAvailable();
    console.log(`\nTest time ${seconds(total)} in ${seconds(Date.now() - this.started)} of wall time, on ${cpu.line}, ${busyPercent}% busy (${stealPercent}% taken by the host); the slowest files:`);
    for (const [file, ms] of files.slice(0, FILES_SHOWN)) console.log(`  ${seconds(ms).padStart(6)}  ${file}`);
  }

  printsToStdio(): boolean {
    return false;
  }
}
