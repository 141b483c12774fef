import { once } from 'node:events';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createMetricsServer, startMetricsServer } from '@/lib/platform/observability/metrics-server';

type Answer = { status: number; contentType: string | undefined; body: string };

/** A request with the path exactly as written (fetch would tidy it first). */
function send(port: number, path: string, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const sent = request({ host: '127.0.0.1', port, path, method, agent: false }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, contentType: response.headers['content-type'], body }));
    });
    sent.on('error', reject);
    sent.end();
  });
}

async function listening(server: Server): Promise<number> {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return (server.address() as AddressInfo).port;
}

describe('the metrics server', () => {
  let server: Server;
  let port: number;
  beforeAll(async () => {
    server = createMetricsServer();
    port = await listening(server);
  });
  afterAll(() => server.close());

  it('answers GET /metrics with the Prometheus text format', async () => {
    const answer = await send(port, '/metrics');
    expect(answer.status).toBe(200);
    expect(answer.contentType).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(answer.body).toContain('# TYPE desk_login_sign_in_steps_total counter');
    expect(answer.body).toContain('process_cpu_seconds_total');
    expect((await send(port, '/metrics?name[]=up')).status).toBe(200);
  });

  it.each([
    ['GET', '/'],
    ['GET', '/login/api/metrics'],
    ['GET', '/metrics/'],
    ['GET', '/Metrics'],
    ['GET', '//metrics'],
    ['GET', '/login/en'],
    ['GET', '/login/api/health'],
    ['POST', '/metrics'],
    ['DELETE', '/metrics'],
  ])('answers %s %j with 404 and nothing of the metrics', async (method, path) => {
    const answer = await send(port, path, method);
    expect(answer.status).toBe(404);
    expect(answer.body).not.toContain('desk_login_');
  });
});

describe('starting the metrics server', () => {
  it('says in one error line that METRICS_PORT is taken, and the app goes on; a second start in the process is none', async () => {
    const holder = createServer();
    const taken = await listening(holder);
    const logged: { fields: Record<string, unknown>; message: string }[] = [];
    const logger = { error: (fields: Record<string, unknown>, message: string) => void logged.push({ fields, message }) };
    try {
      await expect(startMetricsServer({ host: '127.0.0.1', port: taken }, logger as never)).resolves.toBeUndefined();
      expect(logged).toEqual([
        {
          fields: { startup: true, metricsHost: '127.0.0.1', metricsPort: taken, code: 'EADDRINUSE' },
          message: expect.stringMatching(new RegExp(`^metrics not served: METRICS_PORT ${taken} on 127\\.0\\.0\\.1 is in use by another process\\.`)),
        },
      ]);

      // Next may register twice in one process: the second start neither listens nor says anything.
      const free = createServer();
      const freePort = await listening(free);
      free.close();
      await once(free, 'close');
      await expect(startMetricsServer({ host: '127.0.0.1', port: freePort }, logger as never)).resolves.toBeUndefined();
      expect(logged).toHaveLength(1);
      await expect(send(freePort, '/metrics')).rejects.toThrow(/ECONNREFUSED/);
    } finally {
      holder.close();
    }
  });
});
