import { createServer, type Server } from 'node:http';
import type { Logger } from 'pino';
import { metricsExposition } from '@/lib/platform/observability/metrics';

/**
 * The metrics on a port of their own (deploy/README.md, Metrics), never on the app's: the
 * NetworkPolicy admits Prometheus to this port alone, and the proxy to the app's port alone.
 * `GET /metrics` is the one thing answered here; anything else is 404.
 */

export const METRICS_PATH = '/metrics';

export type MetricsListener = { host: string; port: number };

export function createMetricsServer(): Server {
  return createServer((request, response) => {
    const path = request.url?.split('?')[0];
    if (path !== METRICS_PATH || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    metricsExposition().then(
      ({ body, contentType }) => response.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' }).end(body),
      () => response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('The metrics could not be collected\n'),
    );
  });
}

// Next may load instrumentation.ts twice in one process (two bundles): one listener all the same.
const STARTED = Symbol.for('desk-login:metrics-server');

/**
 * Listens once per process. A port that cannot be had is said in one error line and the app
 * serves on without metrics: Prometheus then finds the instance down (alert LoginDown), which
 * names the problem, while sign-ins go on.
 */
export function startMetricsServer(listener: MetricsListener, logger: Pick<Logger, 'error'>): Promise<Server | undefined> {
  if (STARTED in globalThis) return Promise.resolve(undefined);
  Object.defineProperty(globalThis, STARTED, { value: true });
  const server = createMetricsServer();
  return new Promise((resolve) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      const why = error.code === 'EADDRINUSE' ? 'is in use by another process' : `cannot be listened on (${error.code ?? error.message})`;
      logger.error(
        { startup: true, metricsHost: listener.host, metricsPort: listener.port, code: error.code },
        `metrics not served: METRICS_PORT ${listener.port} on ${listener.host} ${why}. The app serves on; Prometheus will find this instance down until it restarts with a free METRICS_PORT.`,
      );
      resolve(undefined);
    });
    server.listen({ host: listener.host, port: listener.port }, () => {
      // Never what keeps the process alive: on SIGTERM the app's own drain decides when it ends.
      server.unref();
      resolve(server);
    });
  });
}
