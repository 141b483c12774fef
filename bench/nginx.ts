// The limit of serving the login page (issue 33): Debian's nginx serving the prerendered HTML as
// a static file, with the headers the app sends with it. Not how the app is deployed: what it
// would cost if nginx answered the requests whose answer proxy.ts would not change.
import { chmodSync, copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { STATIC_SECURITY_HEADERS } from '../lib/platform/pages/security-headers.ts';
import { childrenOf, startServer, type Server } from './processes.ts';

export const NGINX = '/usr/sbin/nginx';

/** The login page as Next prerendered it for a browser without a last-used method. */
export const PRERENDERED_LOGIN_HTML = '.next/server/app/en/as-last-used/none.google.microsoft.html';

// Headers that belong to one response, encoding or connection, or that nginx writes itself.
const NOT_COPIED = new Set(['connection', 'content-encoding', 'content-length', 'content-type', 'date', 'etag', 'last-modified', 'keep-alive', 'set-cookie', 'transfer-encoding', 'vary', 'x-request-id']);

/** The app's headers worth copying onto nginx's answer: its policy, security headers, cache-control. */
export function copiedHeaders(headers: Headers): [string, string][] {
  return [...headers].filter(([name]) => !NOT_COPIED.has(name) && !name.startsWith('x-nextjs-'));
}

function quoted(value: string): string {
  return `"${value.replace(/[\\"$]/g, (character) => `\\${character}`)}"`;
}

/** A location's `add_header` lines: sent with every answer, errors included. */
function addHeaderLines(headers: [string, string][]): string {
  return headers.map(([name, value]) => `      add_header ${name} ${quoted(value)} always;`).join('\n');
}

/**
 * nginx with one worker on 127.0.0.1:`port`, serving `html` at `path` with `headers`. Its files
 * sit in a directory of their own that the worker (which drops root's rights) can read. Stopped
 * with SIGTERM, so that the master takes its worker down with it.
 */
export async function startNginx(options: { port: number; path: string; html: string; headers: [string, string][] }): Promise<Server & { workerPid: number }> {
  return runNginx(options.port, options.path, (directory) => {
    const page = join(directory, 'login.html');
    copyFileSync(options.html, page);
    chmodSync(page, 0o644);
    return `    location = ${options.path} {
      default_type "text/html; charset=utf-8";
      alias ${page};
${addHeaderLines(options.headers)}
    }`;
  });
}

/** The production site's compression (deploy/nginx/desk-booking.conf), line for line: the app sends none. */
function siteCompression(): string[] {
  const lines = readFileSync('deploy/nginx/desk-booking.conf', 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => /^gzip(_\w+)?\s/.test(line));
  if (!lines.some((line) => /^gzip\s+on;$/.test(line))) throw new Error('deploy/nginx/desk-booking.conf no longer turns gzip on: look at bench/nginx.ts');
  return lines;
}

/**
 * The app as browsers reach it in production: behind nginx, which compresses its answers as the
 * shipped site does. Browsers and Lighthouse load it here, so that what they download and how
 * long it takes is what a person's browser gets. The load rounds measure the app directly.
 */
export async function startCompressingFront(options: { port: number; upstreamPort: number; readyPath: string }): Promise<Server & { plainDirectory: string }> {
  let plainDirectory = '';
  const server = await runNginx(options.port, options.readyPath, (directory) => {
    plainDirectory = join(directory, 'plain');
    mkdirSync(plainDirectory, { mode: 0o755 });
    return `    location / {
      proxy_pass http://127.0.0.1:${options.upstreamPort};
      proxy_set_header Host $http_host;
      proxy_set_header Connection "";
      proxy_http_version 1.1;
      ${siteCompression().join('\n      ')}
    }
    # Each screen's markup as plain HTML (bench/plain-html.ts), on the same origin, connection and
    # compression as the app's pages, and with the security headers every answer of ours carries,
    # so that the two differ only in what the app adds to the markup.
    location ${PLAIN_HTML_PATH}/ {
      alias ${plainDirectory}/;
      charset utf-8;
      # A form's answer is compared as the answer to the same post: the file, as nginx gives it to a GET.
      error_page 405 =200 $uri;
${addHeaderLines(Object.entries(STATIC_SECURITY_HEADERS))}
      ${siteCompression().join('\n      ')}
    }
    # The same files without them: what the headers alone cost a first paint (bench/first-paint-trace.ts).
    location ${PLAIN_HTML_WITHOUT_HEADERS_PATH}/ {
      alias ${plainDirectory}/;
      charset utf-8;
      ${siteCompression().join('\n      ')}
    }`;
  });
  return { ...server, plainDirectory };
}

/** Where the compressing front serves the plain HTML of a screen, with the site's security headers: `${PLAIN_HTML_PATH}/<file>`. */
export const PLAIN_HTML_PATH = '/plain-html';
/** The same files without any header of ours. */
export const PLAIN_HTML_WITHOUT_HEADERS_PATH = '/plain-html-without-headers';

/** The shipped site's server-level lines that start with `directive`, before its first location. */
function siteServerLines(directive: string): string[] {
  const site = readFileSync('deploy/nginx/desk-booking.conf', 'utf8');
  const start = site.search(/^server \{$/m);
  const server = site.slice(start, start + site.slice(start).search(/^\s*location /m));
  const lines = server
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith(`${directive} `));
  if (start < 0 || lines.length === 0) throw new Error(`deploy/nginx/desk-booking.conf has no ${directive} in its server: look at bench/nginx.ts`);
  return lines;
}

/** Where a front serves the build's static files (`/login/_next/static/`) from. */
export type StaticFrom = 'app' | 'nginx';

/** Who answered a request that reached the site front, as its access log says. */
export type FrontRequest = { by: 'app' | 'nginx' | 'main web app'; method: string; path: string; status: number };

export type SiteFront = Server & { workerPid: number; staticFrom: StaticFrom; requestsSince(offset: number): FrontRequest[]; logOffset(): number };

/**
 * The app's instances as the shipped site (deploy/nginx/desk-booking.conf) puts them behind nginx:
 * `/login/` to all of them over kept-alive connections with the site's own proxy headers and
 * compression, every other path (an organisation's address) to the main web app (here the
 * development backend's stand-in of it), and, when `staticFrom` is `nginx`, the build's static
 * files from nginx itself, as files that never change under their name. Each answer is written to
 * an access log, with whoever gave it.
 */
export async function startSiteFront(options: {
  port: number;
  appPorts: number[];
  mainWebAppPort: number;
  staticFrom: StaticFrom;
  /** The build's `.next/static`. */
  staticDirectory: string;
}): Promise<SiteFront> {
  let accessLog = '';
  const appUpstreams = new Set(options.appPorts.map((port) => `127.0.0.1:${port}`));
  const mainWebApp = `127.0.0.1:${options.mainWebAppPort}`;
  const server = await runNginx(
    options.port,
    '/login/api/health',
    (directory) => {
      accessLog = join(directory, 'access.log');
      let staticLocation = '';
      if (options.staticFrom === 'nginx') {
        // A copy the worker (which drops root's rights) can read, as the site's image holds its own.
        const files = join(directory, 'static');
        cpSync(options.staticDirectory, files, { recursive: true });
        chmodTree(files);
        staticLocation = `    location ^~ /login/_next/static/ {
      alias ${files}/;
      add_header Cache-Control "public, max-age=31536000, immutable" always;
      ${siteCompression().join('\n      ')}
    }`;
      }
      return `    access_log ${accessLog} bench_front;
    ${siteServerLines('proxy_set_header').join('\n    ')}
    proxy_http_version 1.1;
    location /login/ {
      proxy_pass http://login_app;
      ${siteCompression().join('\n      ')}
    }
    location = /login {
      proxy_pass http://login_app;
    }
${staticLocation}
    location / {
      proxy_pass http://${mainWebApp};
    }`;
    },
    `log_format bench_front '$upstream_addr $request_method $status $uri';
  upstream login_app {
    ${options.appPorts.map((port) => `server 127.0.0.1:${port};`).join('\n    ')}
    keepalive 16;
    keepalive_timeout 4s;
  }`,
  );
  const parse = (line: string): FrontRequest => {
    const [upstream = '', method = '', status = '', ...path] = line.split(' ');
    const by = upstream === '-' ? 'nginx' : appUpstreams.has(upstream) ? 'app' : upstream === mainWebApp ? 'main web app' : undefined;
    if (!by) throw new Error(`the site front's access log names an upstream it does not have: ${line}`);
    return { by, method, path: path.join(' '), status: Number(status) };
  };
  return {
    ...server,
    staticFrom: options.staticFrom,
    logOffset: () => (existsSync(accessLog) ? statSync(accessLog).size : 0),
    requestsSince: (offset) =>
      existsSync(accessLog)
        ? readFileSync(accessLog).subarray(offset).toString('utf8').split('\n').filter(Boolean).map(parse)
        : [],
  };
}

function chmodTree(path: string): void {
  chmodSync(path, statSync(path).isDirectory() ? 0o755 : 0o644);
  if (statSync(path).isDirectory()) for (const entry of readdirSync(path)) chmodTree(join(path, entry));
}

async function runNginx(port: number, readyPath: string, locations: (directory: string) => string, httpLines = ''): Promise<Server & { workerPid: number }> {
  const directory = mkdtempSync(join(tmpdir(), 'desk-login-bench-nginx-'));
  chmodSync(directory, 0o755);
  mkdirSync(join(directory, 'temp'));
  const temp = (kind: string) => `${kind}_temp_path ${join(directory, 'temp', kind)};`;
  const config = `daemon off;
master_process on;
worker_processes 1;
pid ${join(directory, 'nginx.pid')};
error_log ${join(directory, 'error.log')} warn;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}
  ${httpLines}
  server {
    listen 127.0.0.1:${port};
${locations(directory)}
  }
}
`;
  const configFile = join(directory, 'nginx.conf');
  writeFileSync(configFile, config);
  const server = await startServer({
    name: 'nginx',
    executable: NGINX,
    args: ['-p', directory, '-e', join(directory, 'error.log'), '-c', configFile],
    port,
    readyPath,
    stopSignal: 'SIGTERM',
  });
  const stop = async () => {
    await server.stop();
    rmSync(directory, { recursive: true, force: true });
  };
  const [workerPid] = childrenOf(server.child.pid ?? 0);
  if (workerPid === undefined) {
    await stop();
    throw new Error('nginx started no worker');
  }
  return { ...server, stop, workerPid };
}
