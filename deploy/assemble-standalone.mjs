// After `next build`: the standalone server serves its own static files only when they sit
// beside it (Next leaves the copying to us). Everything a deployment needs is then in
// .next/standalone, started with `node .next/standalone/server.js`.
import { cpSync, existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { APP_KEEP_ALIVE_MS } from './keep-alive.ts';
import { scriptsAfterContentInPages } from './scripts-after-content.ts';
import { stylesheetOnceInPages } from './stylesheet-once.ts';

const standalone = '.next/standalone';
if (!existsSync(`${standalone}/server.js`)) {
  console.error('No standalone build found: run `next build` first.');
  process.exit(1);
}
// The prerendered pages as the server sends them, and the build's own copies that tools read.
for (const pages of [`${standalone}/.next/server/app`, '.next/server/app']) {
  const { pages: rewritten, removedBytes } = stylesheetOnceInPages(pages);
  const { pages: reordered } = scriptsAfterContentInPages(pages);
  if (pages === '.next/server/app') {
    console.log(`prerendered pages carry their stylesheet once: ${rewritten} pages, ${removedBytes} bytes fewer`);
    console.log(`prerendered pages ask for their script files after their content: ${reordered} pages`);
  }
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
/**
 * How long a stopping server leaves its idle connections to the proxy before closing them:
 * longer than nginx keeps an idle connection to it (keepalive_timeout 4s in deploy/nginx).
 */
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
// An idle connection from the proxy stays open ${APP_KEEP_ALIVE_MS} ms unless KEEP_ALIVE_TIMEOUT says
// otherwise (deploy/keep-alive.ts): Node's 5 s was a second past nginx's 4 s, too close under load.
const keepAliveConfigured = /^\\d+$/.test(process.env.KEEP_ALIVE_TIMEOUT || '');
if (!keepAliveConfigured) process.env.KEEP_ALIVE_TIMEOUT = '${APP_KEEP_ALIVE_MS}';
// SIGTERM drains before Next closes the server (deploy/README.md, Stopping an instance). First
// the server stops listening: a proxy's next connect is refused, and nginx sends that request, a
// form post too, to another instance. It stops at a moment when no connection waits in the
// kernel's accept queue: one the kernel had completed but the process not yet taken (its event
// loop busy rendering) would be reset by the close, after nginx had written its request to it.
// The connections it has stay open: from then on each request on one is answered with
// \`connection: close\`, and one left idle is the proxy's to close (nginx's keepalive_timeout 4s). Closed here, an idle
// connection could be the one nginx had just written a form post to, and nginx never sends such
// a post again: a 502 (tests/e2e/rolling-restart.spec.ts). Only after ${DRAIN_MS} ms, or a
// KEEP_ALIVE_TIMEOUT set longer, are the idle ones left closed; Next ends the process when
// the last connection has. One log line when the drain starts, one when the server has stopped,
// in the app's JSON shape (pino's, lib/platform/observability/logger.ts).
const http = require('node:http');
const net = require('node:net');
const { closeSync, openSync, readSync } = require('node:fs');
let draining = false;
process.once('SIGTERM', () => {
  draining = true;
});
const INFO_HIDDEN = ['fatal', 'error', 'warn', 'silent'].includes(process.env.LOG_LEVEL);
function logInfo(fields, msg) {
  if (!INFO_HIDDEN) process.stdout.write(JSON.stringify({ level: 30, time: new Date().toISOString(), ...fields, msg }) + '\\n');
}
/**
 * Connections waiting in the accept queue of the server's listening socket: the receive queue
 * Linux shows for it in /proc/net/tcp (or tcp6). Listening sockets come first there, so only the
 * table's head is read: the whole of it takes milliseconds. Undefined where there is no such table.
 */
function acceptQueue(server) {
  const address = server.address();
  if (!address || typeof address === 'string') return undefined;
  const port = ':' + address.port.toString(16).toUpperCase().padStart(4, '0');
  let table;
  try {
    table = openSync(address.family === 'IPv6' ? '/proc/net/tcp6' : '/proc/net/tcp', 'r');
  } catch {
    return undefined;
  }
  try {
    const chunk = Buffer.alloc(16_384);
    let unread = '';
    for (let read; (read = readSync(table, chunk, 0, chunk.length, null)) > 0; ) {
      const rows = (unread + chunk.toString('latin1', 0, read)).split('\\n');
      unread = rows.pop();
      for (const row of rows) {
        const [, local, , state, queues] = row.trim().split(/\\s+/);
        if (state === undefined || state === 'st') continue;
        if (state !== '0A') return undefined;
        if (local.endsWith(port)) return parseInt(queues.split(':')[1], 16);
      }
    }
    return undefined;
  } finally {
    closeSync(table);
  }
}
/** Per server: its open connections, its requests in flight, the answers it finished while draining, and how it stops listening. */
const traffic = new WeakMap();
function trafficOf(server) {
  let counts = traffic.get(server);
  if (!counts) traffic.set(server, (counts = { connections: new Set(), inFlight: 0, answeredWhileDraining: 0, listening: true, stopListening: undefined }));
  return counts;
}
const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function (event, request, response) {
  if (event === 'connection') {
    const counts = trafficOf(this);
    counts.connections.add(request);
    request.once('close', () => counts.connections.delete(request));
    const emitted = emit.apply(this, arguments);
    // Called as the process takes each waiting connection: once it has taken the last, it stops listening.
    if (counts.stopListening && !(acceptQueue(this) > 0)) counts.stopListening();
    return emitted;
  }
  if (event === 'request') {
    const counts = trafficOf(this);
    counts.inFlight++;
    response.once('close', () => {
      counts.inFlight--;
      if (draining && response.writableFinished) counts.answeredWhileDraining++;
    });
    if (!counts.listening && !response.headersSent) response.setHeader('connection', 'close');
    // Next answers TRACE with a bare 500 before proxy.ts sees it; nothing here answers TRACE. The
    // connection closes with the answer: a body sent with TRACE is not read, and a socket kept
    // after it hung up on the requests that followed (tests/e2e/fuzz.spec.ts, under load).
    if (request.method === 'TRACE' || request.method === 'TRACK') {
      response.writeHead(405, { allow: 'GET, HEAD, POST', connection: 'close', 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' });
      response.end('Method not allowed');
      return true;
    }
  }
  return emit.apply(this, arguments);
};
const close = http.Server.prototype.close;
http.Server.prototype.close = function (callback) {
  if (!draining) return close.call(this, callback);
  const counts = trafficOf(this);
  const started = Date.now();
  const openConnections = counts.connections.size;
  const graceMs = Math.max(${DRAIN_MS}, keepAliveConfigured ? this.keepAliveTimeout : 0);
  logInfo(
    { shutdown: 'draining', openConnections, requestsInFlight: counts.inFlight, graceMs },
    \`draining after SIGTERM: new connections are refused, requests on open ones are answered with connection: close, and idle ones still open after \${graceMs} ms are closed\`,
  );
  const stopListening = () => {
    counts.stopListening = undefined;
    counts.listening = false;
    clearTimeout(queueWait);
    const listenedMs = Date.now() - started;
    // Connections nginx used until now stay in its pool for up to 4 s more: only after the grace are those still idle closed.
    const graceEnds = setTimeout(() => this.closeIdleConnections(), graceMs);
    // net.Server's close stops listening and waits for the open connections; http.Server's would close the idle ones at once.
    net.Server.prototype.close.call(this, (error) => {
      clearTimeout(graceEnds);
      logInfo(
        {
          shutdown: 'stopped',
          openConnectionsAtStart: openConnections,
          answeredWhileDraining: counts.answeredWhileDraining,
          listenedMs,
          drainMs: Date.now() - started,
        },
        'stopped after SIGTERM: no connection is left open',
      );
      if (callback) callback(error);
    });
  };
  // An instance so busy that it never finds its queue empty (it takes one connection per turn of
  // its event loop) stops listening after the grace all the same.
  const queueWait = setTimeout(stopListening, graceMs);
  if (acceptQueue(this) > 0) counts.stopListening = stopListening;
  else stopListening();
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
