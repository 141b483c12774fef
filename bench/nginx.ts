// The limit of serving the login page (issue 33): Debian's nginx serving the prerendered HTML as
// a static file, with the headers the app sends with it. Not how the app is deployed: what it
// would cost if nginx answered the requests whose answer proxy.ts would not change.
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
${options.headers.map(([name, value]) => `      add_header ${name} ${quoted(value)} always;`).join('\n')}
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
    # compression as the app's pages, so that the two differ only in what the app adds to them.
    location ${PLAIN_HTML_PATH}/ {
      alias ${plainDirectory}/;
      default_type "text/html; charset=utf-8";
      ${siteCompression().join('\n      ')}
    }`;
  });
  return { ...server, plainDirectory };
}

/** Where the compressing front serves the plain HTML of a screen: `${PLAIN_HTML_PATH}/<file>`. */
export const PLAIN_HTML_PATH = '/plain-html';

async function runNginx(port: number, readyPath: string, locations: (directory: string) => string): Promise<Server & { workerPid: number }> {
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
