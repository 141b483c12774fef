// Runs npm scripts side by side and prints each one's output whole, in the order given, once it
// has ended: `npm test`'s checks (the type check, lint and the unit tests) are each one process on
// one core, so on two cores they take the time of the longest instead of the sum. The first that
// fails stops the others and sets the exit code.
//
//   node tests/run-together.mjs <npm script> [npm script…]
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('usage: node tests/run-together.mjs <npm script> [npm script…]');
  process.exit(2);
}

const started = performance.now();
const runs = scripts.map((script) => {
  // Its own process group, so that stopping it stops what it started (tsc, eslint, Jest's workers).
  const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const output = [];
  child.stdout.on('data', (chunk) => output.push(chunk));
  child.stderr.on('data', (chunk) => output.push(chunk));
  const ended = new Promise((resolve) => {
    const seconds = () => ((performance.now() - started) / 1000).toFixed(0);
    child.on('error', (error) => resolve({ code: 127, error, seconds: seconds() }));
    child.on('close', (code, signal) => resolve({ code: code ?? 1, signal, seconds: seconds() }));
  });
  return { script, child, output, ended, stopped: false };
});

function stopAll() {
  for (const run of runs) {
    if (run.child.exitCode === null && run.child.pid) {
      run.stopped = true;
      try {
        process.kill(-run.child.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
    }
  }
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    stopAll();
    process.exit(130);
  });
}

// The first failure, whichever script it is, stops the rest at once; what failed by itself before
// that is still shown.
for (const run of runs) {
  void run.ended.then((result) => {
    if (result.code !== 0) stopAll();
  });
}

let exitCode = 0;
for (const run of runs) {
  const result = await run.ended;
  if (run.stopped) continue;
  const text = Buffer.concat(run.output).toString('utf8').trimEnd();
  if (result.code === 0) {
    console.log(`> npm run ${run.script}: passed in ${result.seconds} s`);
    if (text) console.log(text);
  } else {
    const how = result.error ? `could not start (${result.error.message})` : (result.signal ?? `exit code ${result.code}`);
    console.error(`> npm run ${run.script}: failed, ${how}`);
    console.error(text || '(no output)');
    exitCode = result.code;
  }
}
process.exit(exitCode);
