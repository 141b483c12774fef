// Runs a command with its output in a file instead of the terminal, so that a green `npm test`
// shows progress and totals only: the servers of the end-to-end tests (playwright.config.ts) and
// the build before them (package.json). When the command ends badly by itself (a server that
// cannot listen, a failed build), the end of its output is printed after all, and its exit code
// kept. A server stopped by Playwright goes with its process group and prints nothing.
//
//   node tests/run-logged.mjs <log file> [--done <message>] -- <command> [argument…]
//
// --done prints <message> when the command succeeds; `{seconds}` in it becomes its duration.
import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';

const SHOWN_LINES = 30;

const separator = process.argv.indexOf('--');
const options = process.argv.slice(2, separator);
const [command, ...commandArguments] = process.argv.slice(separator + 1);
const logFile = options[0];
const doneIndex = options.indexOf('--done');
const done = doneIndex === -1 ? undefined : options[doneIndex + 1];
if (separator === -1 || !logFile || !command) {
  console.error('usage: node tests/run-logged.mjs <log file> [--done <message>] -- <command> [argument…]');
  process.exit(2);
}

mkdirSync(dirname(logFile), { recursive: true });
const output = openSync(logFile, 'w');
const started = performance.now();
// `node` is this Node (npm scripts run Node 24 from node_modules/.bin), whatever PATH says.
const child = spawn(command === 'node' ? process.execPath : command, commandArguments, { stdio: ['ignore', output, output] });
closeSync(output);

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => child.kill(signal));
}

child.on('error', (error) => {
  console.error(`${command} could not be started: ${error.message}`);
  process.exit(127);
});

child.on('exit', (code, signal) => {
  if (code === 0) {
    if (done) console.log(done.replaceAll('{seconds}', ((performance.now() - started) / 1000).toFixed(0)));
    process.exit(0);
  }
  // Node exits with 128 + the signal's number when a handler of its own stopped it (Next on SIGTERM).
  const how = signal ?? (code === 143 ? 'exit code 143 (SIGTERM from outside)' : code === 130 ? 'exit code 130 (SIGINT)' : `exit code ${code}`);
  const lines = readFileSync(logFile, 'utf8').trimEnd().split('\n');
  const shown = lines.slice(-SHOWN_LINES);
  const where = relative(process.cwd(), logFile).startsWith('..') ? resolve(logFile) : relative(process.cwd(), logFile);
  console.error(
    `${[command, ...commandArguments].join(' ')} ended with ${how}; ` +
      (shown.length < lines.length ? `the last ${shown.length} of ${lines.length} lines of ${where}:` : `its output (${where}):`),
  );
  for (const line of shown) console.error(`  ${line}`);
  process.exit(code ?? 1);
});
