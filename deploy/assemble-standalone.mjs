// After `next build`: the standalone server serves its own static files only when they sit
// beside it (Next leaves the copying to us). Everything a deployment needs is then in
// .next/standalone, started with `node .next/standalone/server.js`.
import { cpSync, existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { stylesheetOnceInPages } from './stylesheet-once.ts';

const standalone = '.next/standalone';
if (!existsSync(`${standalone}/server.js`)) {
  console.error('No standalone build found: run `next build` first.');
  process.exit(1);
}
// The prerendered pages as the server sends them, and the build's own copies that tools read.
for (const pages of [`${standalone}/.next/server/app`, '.next/server/app']) {
  const { pages: rewritten, removedBytes } = stylesheetOnceInPages(pages);
  if (pages === '.next/server/app') console.log(`prerendered pages carry their stylesheet once: ${rewritten} pages, ${removedBytes} bytes fewer`);
}

for (const [from, to] of [
  ['.next/static', `${standalone}/.next/static`],
  ['public', `${standalone}/public`],
]) {
  rmSync(to, { recursive: true, force: true });
  cpSync(from, to, { recursive: true });
}

// Next's server.js prints its banner and "Ready" first and runs instrumentation.ts (which checks
// the settings) only after, so a bad setting stopped a server that had just said it was ready.
// server.js becomes a small start that runs the built instrumentation's register(), the same code
// and zod schema of lib/platform/settings/config.ts, and only then hands over to Next's own server, renamed.
const SETTINGS_FIRST = 'checks the settings before Next starts';
/** How long a stopping server goes on answering, each answer closing its connection. */
const DRAIN_MS = 5_000;
const nextServer = 'next-server.js';
const instrumentation = '.next/server/instrumentation.js';
if (!existsSync(`${standalone}/${instrumentation}`)) {
  console.error(`No ${instrumentation} in the standalone build: instrumentation.ts checks the settings at start-up.`);
  process.exit(1);
}
if (!readFileSync(`${standalone}/server.js`, 'utf8').includes(SETTINGS_FIRST)) {
  renameSync(`${standalone}/server.js`, `${standalone}/${nextServer}`);
}
writeFileSync(
  `${standalone}/server.js`,
  `// Written by deploy/assemble-standalone.mjs: this start ${SETTINGS_FIRST}, whose own server.js
// (renamed ${nextServer}) says "Ready" before instrumentation.ts runs. A bad setting ends the process
// here, before Next prints anything: one line per problem, exit code 1.
'use strict';
// As Next's server.js does before anything else; the settings are read as production's.
process.env.NODE_ENV = 'production';
process.chdir(__dirname);
// .env files beside this file, loaded as Next loads them (Next then reuses this result).
require('@next/env').loadEnvConfig(__dirname, false, require('next/dist/build/output/log'));
// SIGTERM drains before Next closes the server: every answer from then on closes its connection,
// and the server stops listening (closing its idle connections) only after ${DRAIN_MS} ms, longer
// than nginx keeps an idle connection to it (keepalive_timeout 4s). Closed at once, a connection
// nginx had just picked for a form post left that post without an answer, which nginx does not
// send again (a 502: tests/e2e/rolling-restart.spec.ts).
const http = require('node:http');
let draining = false;
process.once('SIGTERM', () => {
  draining = true;
});
const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function (event, request, response) {
  if (event === 'request' && draining && !response.headersSent) response.setHeader('connection', 'close');
  return emit.apply(this, arguments);
};
const close = http.Server.prototype.close;
http.Server.prototype.close = function (callback) {
  if (!draining) return close.call(this, callback);
  setTimeout(() => close.call(this, callback), ${DRAIN_MS});
  return this;
};
Promise.resolve(require('./${instrumentation}').register()).then(
  () => require('./${nextServer}'),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
`,
);
console.log(`standalone server assembled in ${standalone}`);
