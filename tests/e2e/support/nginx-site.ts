import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { dirname, join } from 'node:path';
import { BACKEND_PORT, DOMAIN } from './environment.ts';

/**
 * The production nginx site (deploy/nginx/desk-booking.conf) with its placeholders filled in for
 * local ports: the suite's own topology (tests/e2e/support/prepare.ts) and dedicated deployments alike.
 */
export function nginxSite(options: {
  appPorts: readonly number[];
  /** The development backend behind the product API and the organisations' hosts; the suite's unless given. */
  backendPort?: number;
  httpsPort: number;
  httpPort: number;
  certificate: string;
  privateKey: string;
  accessLog: string;
  errorLog: string;
  /**
   * A further access log beside the site's own in each server block, in a format the caller's
   * nginx.conf defines: the site's own `access_log` hides any that nginx.conf sets for `http`.
   */
  extraAccessLog?: { path: string; format: string };
  /** A second https listener on ::1, for clients of IPv6 addresses on the loopback (prepare.ts adds them). */
  ipv6Loopback?: boolean;
  /** The site behind a CDN or load balancer at this address: its commented real_ip lines enabled for it. */
  realIpFrom?: string;
  /** Where the status log goes (`{{STATUS_LOG}}`): a file beside the access log unless given, e.g. `syslog:server=…`. */
  statusLog?: string;
  /** The build's files nginx serves (`{{STATIC_FILES}}`): this checkout's standalone build unless given. */
  staticFiles?: string;
}): string {
  const { extraAccessLog, backendPort = BACKEND_PORT } = options;
  let site = forThisNginx(uncountedSuiteBrowsers(readFileSync(join(process.cwd(), 'deploy/nginx/desk-booking.conf'), 'utf8')));
  if (options.ipv6Loopback) site = withIpv6Loopback(site);
  if (options.realIpFrom) site = behindEdge(site, options.realIpFrom);
  // The suite's instances serve both upstreams: the pages, and a build file nginx does not hold.
  const instances = options.appPorts.map((port) => `server 127.0.0.1:${port};`).join('\n    ');
  return site
    .replaceAll(/^( *)access_log \{\{ACCESS_LOG\}\} desk_booking;$/gm, (line, indent: string) =>
      extraAccessLog ? `${line}\n${indent}access_log ${extraAccessLog.path} ${extraAccessLog.format};` : line,
    )
    .replaceAll('{{ACCESS_LOG}}', options.accessLog)
    .replaceAll('{{STATUS_LOG}}', options.statusLog ?? join(dirname(options.accessLog), 'status.log'))
    // Every upstream is an address here: the resolver is never asked.
    .replaceAll('{{RESOLVER}}', '127.0.0.1')
    .replaceAll('{{ERROR_LOG}}', options.errorLog)
    .replaceAll('{{LOGIN_APP_SERVERS}}', instances)
    .replaceAll('{{LOGIN_APP_INSTANCES}}', instances)
    .replaceAll('{{STATIC_FILES}}', options.staticFiles ?? standaloneStaticFiles(process.cwd()))
    .replaceAll('{{PRODUCT_API_SERVER}}', `127.0.0.1:${backendPort}`)
    .replaceAll('{{MAIN_WEB_APP_SERVER}}', `127.0.0.1:${backendPort}`)
    .replaceAll('{{HTTPS_PORT}}', String(options.httpsPort))
    .replaceAll('{{HTTP_PORT}}', String(options.httpPort))
    .replaceAll('{{DOMAIN}}', DOMAIN)
    .replaceAll('{{TLS_CERTIFICATE}}', options.certificate)
    .replaceAll('{{TLS_CERTIFICATE_KEY}}', options.privateKey);
}

/** The build's files as deploy/assemble-standalone.mjs lays them out beside the standalone server of the checkout at `root`. */
export function standaloneStaticFiles(root: string): string {
  return join(root, '.next/standalone/.next/static');
}

const FORM_POST_CLIENT = /^( *)POST( +)(\$desk_booking_client_network);$/m;

/**
 * The suite's browsers all connect from 127.0.0.1: they are hundreds of people signing in at once,
 * not one client, and on a fast machine they outrun one client's budget of form posts. Their posts
 * are not counted; every other address keeps the shipped limit, which rate-limit.spec.ts holds
 * one client to from addresses of its own.
 */
function uncountedSuiteBrowsers(site: string): string {
  if (!FORM_POST_CLIENT.test(site)) throw new Error('deploy/nginx/desk-booking.conf: no longer counts form posts by $desk_booking_client_network');
  return site
    .replace(FORM_POST_CLIENT, '$1POST$2$desk_booking_counted_client;')
    .replace(/^map \$request_method \$desk_booking_form_post_client/m, (line) =>
      ['map $remote_addr $desk_booking_counted_client {', '    127.0.0.1 "";', '    default   $desk_booking_client_network;', '}', line].join('\n'),
    );
}

const HTTPS_LISTENER = /^( *)listen \{\{HTTPS_PORT\}\} ssl( http2)?;$/m;

function withIpv6Loopback(site: string): string {
  if (!HTTPS_LISTENER.test(site)) throw new Error('deploy/nginx/desk-booking.conf: no https listener to add ::1 beside');
  return site.replace(HTTPS_LISTENER, (line, indent: string, http2 = '') => `${line}\n${indent}listen [::1]:{{HTTPS_PORT}} ssl${http2};`);
}

/** The version of the nginx the suite runs (Debian's), as [major, minor, patch]; nginx -v writes to stderr. */
function nginxVersion(): number[] {
  const binary = ['/usr/sbin/nginx', '/usr/bin/nginx'].find(existsSync) ?? 'nginx';
  const version = /nginx\/(\d+)\.(\d+)\.(\d+)/.exec(execFileSync('sh', ['-c', `${binary} -v 2>&1`], { encoding: 'utf8' }));
  if (!version) throw new Error(`${binary} -v names no version`);
  return version.slice(1).map(Number);
}

function atLeast(version: number[], wanted: number[]): boolean {
  for (let index = 0; index < wanted.length; index++) if ((version[index] ?? 0) !== wanted[index]) return (version[index] ?? 0) > wanted[index]!;
  return true;
}

/**
 * The site is written for the shipped image's nginx (1.28); Debian's older nginx, which the suite
 * runs, lacks two of its words (deploy/README.md, The nginx site): `http2 on;` (1.25.1) is said in
 * the listen line instead, and an upstream server's `resolve` (1.27.3) is left out, since every
 * upstream here is an address.
 */
function forThisNginx(site: string): string {
  const version = nginxVersion();
  let adapted = site;
  if (!atLeast(version, [1, 25, 1])) {
    if (!/^ +http2 on;$/m.test(adapted)) throw new Error('deploy/nginx/desk-booking.conf: no `http2 on;` to say in the listen line');
    adapted = adapted.replace(/^ +http2 on;\n/m, '').replace(HTTPS_LISTENER, (line) => line.replace(' ssl;', ' ssl http2;'));
  }
  if (!atLeast(version, [1, 27, 3])) adapted = adapted.replaceAll(/^( +server \S+) resolve;$/gm, '$1;');
  return adapted;
}

const REAL_IP_LINES = /^( *)# set_real_ip_from +\S+;\n\1# (real_ip_header +X-Forwarded-For;)\n\1# (real_ip_recursive +on;)$/m;

/** The shipped real_ip lines, uncommented as deploy/README.md tells an operator to, for an edge at `edge`. */
function behindEdge(site: string, edge: string): string {
  if (!REAL_IP_LINES.test(site)) throw new Error('deploy/nginx/desk-booking.conf: no commented real_ip lines to enable');
  return site.replace(REAL_IP_LINES, (_lines, indent: string, header: string, recursive: string) =>
    [`set_real_ip_from  ${edge};`, header, recursive].map((line) => indent + line).join('\n'),
  );
}

/**
 * What a system-wide nginx.conf would hold, kept in `directory` (beside the site, `desk-booking.conf`)
 * so that no root is needed; `http` lines go before the site. Returns the file's path.
 */
export function nginxMainConfig(directory: string, options: { errorLog: string; workerConnections: number; http?: string[] }): string {
  const config = join(directory, 'nginx.conf');
  const temporary = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${join(directory, kind === 'client_body' ? 'client-body' : kind)};`);
  writeFileSync(
    config,
    [
      // The workers serve the build's files from the checkout (`{{STATIC_FILES}}`), which the suite's
      // own processes read: started as root, nginx would hand them to `nobody`, who may not enter it.
      ...(process.getuid?.() === 0 ? [`user ${userInfo().username};`] : []),
      'worker_processes 1;',
      `pid ${join(directory, 'nginx.pid')};`,
      `error_log ${options.errorLog} warn;`,
      `events { worker_connections ${options.workerConnections}; }`,
      'http {',
      ...(options.http ?? []).map((line) => `  ${line}`),
      ...temporary,
      `  include ${join(directory, 'desk-booking.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  return config;
}
