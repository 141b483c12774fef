import { spawn, type ChildProcess } from 'node:child_process';
import type { Browser, BrowserContext } from '@playwright/test';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { connect } from 'node:tls';
import {
  APP_ENVIRONMENT,
  appServerSettings,
  BACKEND_ORIGIN,
  backendEnvironment,
  DOMAIN,
  IDENTITY_PROVIDER_ORIGIN,
  identityProviderEnvironment,
  metricsPortOf,
  RUN_DIRECTORY,
  SESSION_SECRET,
  TLS_DIRECTORY,
  testPort,
} from './environment.ts';
import { nginxMainConfig, nginxSite, standaloneStaticFiles } from './nginx-site.ts';

/**
 * A deployment of its own for a spec that must read what the servers wrote: standalone app
 * instances, each writing its stdout and stderr to a file, behind an nginx of their own built
 * from the production site (deploy/nginx) with one worker, so that its round robin strictly
 * alternates. The development backend and the identity provider are the suite's, unless the spec
 * asks for its own: one whose faults and outages no other spec sees.
 */

/** Public HTTPS ports of the dedicated deployments; the identity provider accepts their return addresses. */
export const DEDICATED_HTTPS_PORTS = {
  logs: testPort(4460),
  scaleOut: testPort(4470),
  ssoBareOrigin: testPort(4480),
  ssoRealm: testPort(4490),
  ssoRestricted: testPort(4500),
  appDown: testPort(4510),
  ssoMirror: testPort(4520),
  faults: testPort(4530),
  telemetry: testPort(4540),
  rateLimitIpv6: testPort(4550),
  rateLimitEdge: testPort(4560),
  rateLimitEdgeBypassed: testPort(4570),
  fleet: testPort(4580),
  ssoLegacyToken: testPort(4590),
};
/** Their plain-http ports, where the site answers only with a redirect to https. */
export const DEDICATED_HTTP_PORTS = {
  logs: testPort(4469),
  scaleOut: testPort(4479),
  ssoBareOrigin: testPort(4489),
  ssoRealm: testPort(4499),
  ssoRestricted: testPort(4509),
  appDown: testPort(4519),
  ssoMirror: testPort(4529),
  faults: testPort(4539),
  telemetry: testPort(4549),
  rateLimitIpv6: testPort(4559),
  rateLimitEdge: testPort(4569),
  rateLimitEdgeBypassed: testPort(4579),
  fleet: testPort(4589),
  ssoLegacyToken: testPort(4599),
};
/** The development backend and identity provider of a deployment that has its own (`servers` of startDeployment). */
export type OwnServerPorts = { backend: number; identityProvider: number; identityProviderGeneric: number };

/**
 * A browser without JavaScript whose only requests to the deployment are documents and form
 * posts: behind a one-worker nginx, each step of a flow then lands on the next instance in turn.
 */
export async function documentsOnlyBrowser(browser: Browser, deployment: Pick<Deployment, 'origin'>): Promise<BrowserContext> {
  const context = await browser.newContext({ ignoreHTTPSErrors: true, javaScriptEnabled: false });
  const appHost = new URL(deployment.origin).host;
  await context.route(
    (url) => url.host === appHost,
    (route) => (route.request().resourceType() === 'document' ? route.continue() : route.abort()),
  );
  return context;
}

export function dedicatedOrigin(httpsPort: number): string {
  return `https://web.${DOMAIN}:${httpsPort}`;
}

export type LogLine = Record<string, unknown> & { requestId?: string; msg?: string };

export type Instance = {
  port: number;
  /** Where its metrics are served (METRICS_PORT). */
  metricsPort: number;
  /** Everything the process wrote, line by line. */
  output(): string[];
  /** The lines that are JSON, parsed. */
  logLines(): LogLine[];
};

/**
 * One line of the dedicated nginx's access log: which instance served which request. `requestId`
 * is the id nginx gave the request (the app logs it); `clientRequestId` the one the browser sent.
 */
export type Forwarded = {
  clientRequestId: string;
  requestId: string;
  /** The instance that answered, `-` when nginx answered itself (a file of the build); the last one nginx asked. */
  upstream: string;
  /** Every instance nginx asked, in turn: more than one when it asked another after a failure or a missing file. */
  upstreams: string[];
  method: string;
  path: string;
  status: number;
};

export type Deployment = {
  origin: string;
  /** The development backend it uses: its own, or the suite's. */
  backendOrigin: string;
  /** The identity provider it uses (server to server, over https): its own, or the suite's. */
  identityProviderOrigin: string;
  instances: Instance[];
  forwarded(): Forwarded[];
  /** What nginx wrote to its error log. */
  nginxErrors(): string;
  stop(): Promise<void>;
};

function preparedValue(name: string): string {
  return readFileSync(join(RUN_DIRECTORY, name), 'utf8').trim();
}

async function waitFor(url: string, what: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const status = await fetch(url)
      .then((response) => response.status)
      .catch(() => 0);
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${what} did not start: ${url}`);
}

function stopped(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** The `<ID>_CLIENT_ID` and `<ID>_CLIENT_SECRET` among a spec's settings. */
function clientsOf(environment: Record<string, string> = {}): Record<string, string> {
  return Object.fromEntries(Object.entries(environment).filter(([name]) => /_CLIENT_(ID|SECRET)$/.test(name)));
}

export async function startDeployment(
  name: string,
  options: {
    httpsPort: number;
    httpPort: number;
    appPorts: number[];
    sessionSecrets?: string[];
    environment?: Record<string, string>;
    /** nginx alone, nothing listening on the app ports: every instance is down. */
    appDown?: boolean;
    /** nginx alone, in front of instances already running on the app ports: the suite's own. */
    suiteInstances?: boolean;
    /** A variant of the shipped site (tests/e2e/support/nginx-site.ts). */
    site?: { ipv6Loopback?: boolean; realIpFrom?: string };
    /** A development backend and an identity provider of its own, on these ports. */
    servers?: OwnServerPorts;
    /** Another checkout whose build, backend and identity provider run instead of this one's (a copy with a change of its own). */
    root?: string;
    /** Checkouts whose build some instances run instead, by port: two releases side by side, as in a rolling deploy. */
    instanceRoots?: Record<number, string>;
    /** Where its logs go instead of the run's folder `name`: a test attempt's own, so a retry keeps the failed attempt's. */
    directory?: string;
    /** The build's files its nginx serves, instead of those of the build its instances run. */
    staticFiles?: string;
  },
): Promise<Deployment> {
  const directory = options.directory ?? join(RUN_DIRECTORY, name);
  rmSync(directory, { recursive: true, force: true });
  mkdirSync(join(directory, 'nginx'), { recursive: true });
  const origin = dedicatedOrigin(options.httpsPort);

  const children: ChildProcess[] = [];
  const { servers } = options;
  const backendOrigin = servers ? `http://127.0.0.1:${servers.backend}` : BACKEND_ORIGIN;
  const identityProviderOrigin = servers ? `https://127.0.0.1:${servers.identityProvider}` : IDENTITY_PROVIDER_ORIGIN;
  if (servers) {
    children.push(
      spawnLogged(join(directory, 'backend.log'), 'dev/backend/server.ts', { ...process.env, ...backendEnvironment(servers.backend, origin) }, options.root),
      spawnLogged(
        join(directory, 'identity-provider.log'),
        'dev/identity-provider/server.ts',
        // It knows the clients the spec gives the app, e.g. a provider only a copy's registry has.
        { ...process.env, ...clientsOf(options.environment), ...identityProviderEnvironment(servers.identityProvider, servers.identityProviderGeneric, [origin]) },
        options.root,
      ),
    );
  }
  const instances = (options.appDown || options.suiteInstances ? [] : options.appPorts).map((port, index): Instance => {
    const logFile = join(directory, `app-${port}.log`);
    children.push(
      spawnLogged(logFile, '.next/standalone/server.js', {
        PATH: process.env.PATH,
        ...APP_ENVIRONMENT,
        ...(servers ? appServerSettings(backendOrigin, identityProviderOrigin) : {}),
        // Settings of the spec's own, e.g. another identity provider's shape.
        ...options.environment,
        PORT: String(port),
        METRICS_PORT: String(metricsPortOf(port)),
        SESSION_SECRET: options.sessionSecrets?.[index] ?? SESSION_SECRET,
        NODE_EXTRA_CA_CERTS: preparedValue('node-extra-ca-certs-path'),
      } as NodeJS.ProcessEnv, options.instanceRoots?.[port] ?? options.root),
    );
    const output = () => readFileSync(logFile, 'utf8').split('\n').filter((line) => line.trim() !== '');
    return {
      port,
      metricsPort: metricsPortOf(port),
      output,
      logLines: () =>
        output().flatMap((line) => {
          try {
            return [JSON.parse(line) as LogLine];
          } catch {
            return [];
          }
        }),
    };
  });

  // The production site, filled in as tests/e2e/support/prepare.ts does, for these instances and this port,
  // with a log of which instance served which request beside the site's own.
  const nginxDirectory = join(directory, 'nginx');
  const instancesLog = join(nginxDirectory, 'instances.log');
  const errorLog = join(nginxDirectory, 'error.log');
  const site = nginxSite({
    appPorts: options.appPorts,
    ...(servers ? { backendPort: servers.backend } : {}),
    httpsPort: options.httpsPort,
    httpPort: options.httpPort,
    certificate: join(TLS_DIRECTORY, 'server.pem'),
    privateKey: join(TLS_DIRECTORY, 'server-key.pem'),
    accessLog: join(nginxDirectory, 'access.log'),
    errorLog,
    extraAccessLog: { path: instancesLog, format: 'instances' },
    staticFiles: options.staticFiles ?? standaloneStaticFiles(options.root ?? process.cwd()),
    ...options.site,
  });
  writeFileSync(join(nginxDirectory, 'desk-booking.conf'), site);
  nginxMainConfig(nginxDirectory, {
    errorLog,
    workerConnections: 512,
    // The instances last: nginx writes those it asked in turn as a list, "a, b".
    http: ["log_format instances '$http_x_request_id $request_id $request_method $uri $status $upstream_addr';"],
  });
  writeFileSync(instancesLog, '');
  const nginx = spawn(preparedValue('nginx-path'), ['-p', nginxDirectory, '-c', join(nginxDirectory, 'nginx.conf'), '-g', 'daemon off;'], {
    stdio: 'ignore',
  });
  children.push(nginx);

  try {
    if (servers) {
      await waitFor(`${backendOrigin}/__dev/fault`, 'development backend');
      // The provider answers plain http on the same port (what browsers are sent to).
      await waitFor(`http://127.0.0.1:${servers.identityProvider}/__dev/health`, 'identity provider');
    }
    await Promise.all(instances.map(({ port }) => waitFor(`http://127.0.0.1:${port}/login/api/health`, `app instance ${port}`)));
    // Health asked of each instance directly, and of nginx only a TLS handshake: its round robin starts untouched.
    await waitForNginx(nginx, options.httpsPort);
  } catch (error) {
    await Promise.all(children.map(stopped));
    throw error;
  }

  return {
    origin,
    backendOrigin,
    identityProviderOrigin,
    instances,
    forwarded: () =>
      readFileSync(instancesLog, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => {
          const [clientRequestId = '', requestId = '', method = '', path = '', status = '0', ...asked] = line.split(' ');
          const upstreams = asked.join(' ').split(', ');
          return { clientRequestId, requestId, upstream: upstreams.at(-1) ?? '-', upstreams, method, path, status: Number(status) };
        }),
    nginxErrors: () => readFileSync(errorLog, 'utf8'),
    stop: async () => {
      await Promise.all(children.map(stopped));
    },
  };
}

/** A Node server of the deployment, with exactly this environment, writing all its output to `logFile`. */
function spawnLogged(logFile: string, script: string, environment: NodeJS.ProcessEnv, root?: string): ChildProcess {
  const descriptor = openSync(logFile, 'w');
  const child = spawn(process.execPath, [script], { env: environment, stdio: ['ignore', descriptor, descriptor], ...(root ? { cwd: root } : {}) });
  closeSync(descriptor);
  return child;
}

/** nginx is up once its port completes a TLS handshake. */
async function waitForNginx(nginx: ChildProcess, httpsPort: number): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (nginx.exitCode !== null) throw new Error(`nginx exited with ${nginx.exitCode}`);
    const up = await new Promise<boolean>((resolve) => {
      const socket = connect({ host: '127.0.0.1', port: httpsPort, rejectUnauthorized: false, servername: `web.${DOMAIN}` }, () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`nginx did not listen on ${httpsPort}`);
}
