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
// and zod schema of lib/config.ts, and only then hands over to Next's own server, renamed.
const SETTINGS_FIRST = 'checks the settings before Next starts';
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
