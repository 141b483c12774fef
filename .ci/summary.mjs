// Prints "runner: N passed, N failed" for each test runner that left a JSON report, and the total.
import { existsSync, readFileSync } from 'node:fs';

const reports = [
  {
    runner: 'unit',
    file: 'reports/unit.json',
    count: (report) => ({ passed: report.numPassedTests, failed: report.numFailedTests + report.numRuntimeErrorTestSuites }),
  },
  {
    runner: 'e2e',
    file: 'reports/e2e.json',
    // An error outside every test (a worker's teardown, a server that would not start) fails the run too.
    count: (report) => ({ passed: report.stats.expected + report.stats.flaky, failed: report.stats.unexpected + report.errors.length }),
    errors: (report) => report.errors.map((error) => error.message ?? error.value ?? JSON.stringify(error)),
  },
];

const total = { passed: 0, failed: 0 };
for (const { runner, file, count, errors } of reports) {
  if (!existsSync(file)) {
    console.log(`${runner}: did not run`);
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const { passed, failed } = count(report);
  for (const message of errors?.(report) ?? []) console.log(`${runner}: an error outside any test: ${message.split('\n').slice(0, 12).join('\n  ')}`);
  total.passed += passed;
  total.failed += failed;
  console.log(`${runner}: ${passed} passed, ${failed} failed`);
}
console.log(`total: ${total.passed} passed, ${total.failed} failed`);

// The load test's figures (tests/e2e/load.spec.ts): measurements, not pass or fail.
if (existsSync('reports/load.json')) {
  for (const c of JSON.parse(readFileSync('reports/load.json', 'utf8')).cases) {
    console.log(
      `load ${c.name}: ${c.requestsPerSecond} req/s, p50 ${c.latencyMs.p50} ms, p99 ${c.latencyMs.p99} ms, ` +
        `RSS ${c.memoryMb.afterWarmUp} -> ${c.memoryMb.afterRun} MB, ${c.cpuMsPerRequest} ms CPU/request`,
    );
  }
}
