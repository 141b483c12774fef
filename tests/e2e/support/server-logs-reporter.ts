import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { RUN_DIRECTORY, SERVER_LOG_DIRECTORY } from './environment.ts';

/**
 * The servers of a run write to files, not to the terminal (tests/run-logged.mjs): a green run
 * shows progress and totals only. When the run fails, this reporter prints, after the totals, what
 * the servers wrote while each failing test ran (other tests ran alongside, so not all of it is
 * that test's), and where every log is.
 */

const MAX_TESTS_SHOWN = 5;
const MAX_LINES_PER_LOG = 40;

/** The suite's servers (SERVER_LOG_DIRECTORY), each deployment's app instances and every nginx error log. */
function serverLogs(): string[] {
  const logs: string[] = [];
  const walk = (directory: string, depth: number, wanted: (name: string) => boolean) => {
    if (!existsSync(directory)) return;
    for (const entry of readdirSync(directory, { withFileTypes: true })) {
      const path = join(directory, entry.name);
      if (entry.isDirectory() && depth > 0) walk(path, depth - 1, wanted);
      else if (entry.isFile() && wanted(entry.name)) logs.push(path);
    }
  };
  walk(SERVER_LOG_DIRECTORY, 0, (name) => name.endsWith('.log'));
  walk(RUN_DIRECTORY, 2, (name) => /^app-\d+\.log$|^error\.log$/.test(name));
  return logs.sort();
}

function sizeOf(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

type Excerpt = { test: TestCase; logs: { path: string; lines: string[]; more: number }[] };

class ServerLogsReporter implements Reporter {
  private readonly startOffsets = new Map<string, Map<string, number>>();
  private readonly excerpts: Excerpt[] = [];
  private failures = 0;
  private startedAt = Date.now();

  printsToStdio(): boolean {
    return false;
  }

  onBegin(): void {
    this.startedAt = Date.now();
  }

  onTestBegin(test: TestCase): void {
    this.startOffsets.set(test.id, new Map(serverLogs().map((path) => [path, sizeOf(path)])));
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const offsets = this.startOffsets.get(test.id);
    this.startOffsets.delete(test.id);
    if (result.status === test.expectedStatus || result.status === 'skipped') return;
    this.failures += 1;
    if (this.excerpts.length >= MAX_TESTS_SHOWN) return;
    const logs = serverLogs().flatMap((path) => {
      const from = offsets?.get(path) ?? 0;
      const content = readFileSync(path);
      // A deployment's directory is made afresh by the spec that starts it: then from its beginning.
      const written = content.subarray(from <= content.length ? from : 0).toString('utf8');
      const lines = written.split('\n').filter((line) => line.trim() !== '');
      if (lines.length === 0) return [];
      return [{ path, lines: lines.slice(-MAX_LINES_PER_LOG), more: Math.max(0, lines.length - MAX_LINES_PER_LOG) }];
    });
    this.excerpts.push({ test, logs });
  }

  onEnd(result: FullResult): void {
    if (result.status === 'passed') return;
    const where = (path: string) => relative(process.cwd(), path);
    const out: string[] = ['', 'Server output (the servers of the run write to files, not here):'];
    for (const { test, logs } of this.excerpts) {
      out.push('', `  while "${test.titlePath().filter(Boolean).slice(1).join(' › ')}" ran:`);
      if (logs.length === 0) out.push('    nothing');
      for (const log of logs) {
        out.push(`    ${where(log.path)}${log.more > 0 ? ` (last ${log.lines.length} of ${log.lines.length + log.more} lines)` : ''}:`);
        for (const line of log.lines) out.push(`      ${line}`);
      }
    }
    if (this.failures > this.excerpts.length) out.push('', `  (${this.failures - this.excerpts.length} more failing tests not shown)`);
    out.push('', '  All logs written by this run:');
    // A deployment's logs stay from earlier runs until its spec runs again.
    const thisRun = serverLogs().filter((path) => statSync(path).mtimeMs >= this.startedAt - 1_000);
    for (const path of thisRun) out.push(`    ${where(path)}`);
    console.log(out.join('\n'));
  }
}

export default ServerLogsReporter;
