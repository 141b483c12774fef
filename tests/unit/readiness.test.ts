import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { metricsExposition } from '@/lib/platform/observability/metrics';
import { isReady } from '@/lib/platform/observability/readiness';

/**
 * Readiness is this instance's own (contracts section 8): a backend outage never takes pods out
 * of the Service, where people would meet the proxy's bare 502 instead of the app's translated
 * page. The backend's health is a metric of its own.
 */

process.env.SESSION_SECRET ??= 'unit-test-secret-of-at-least-32-characters';
process.env.APP_DOMAINS ??= 'desk.test';

let backend: Server;
let answers = true;
beforeAll(async () => {
  // Any status is an answer: the probe asks whether the backend can be reached, not what it thinks.
  backend = createServer((request, response) => {
    if (answers) response.writeHead(404).end();
    else request.socket.destroy();
  });
  await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve));
  process.env.BACKEND_URL = `http://127.0.0.1:${(backend.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => backend.close(resolve)));

async function sample(name: string): Promise<number | undefined> {
  const line = (await metricsExposition()).body.split('\n').find((candidate) => candidate.startsWith(`${name} `));
  return line === undefined ? undefined : Number(line.slice(name.length + 1));
}

/** The probe is reused for 2 s, as every balancer's and Prometheus's scrapes come at once. */
function later(ms: number) {
  const now = Date.now() + ms;
  jest.spyOn(Date, 'now').mockReturnValue(now);
}
afterEach(() => jest.restoreAllMocks());

describe('readiness', () => {
  it('is ready, and the backend reachable, while the backend answers', async () => {
    expect(await isReady()).toBe(true);
    expect(await sample('desk_login_ready')).toBe(1);
    expect(await sample('desk_login_backend_reachable')).toBe(1);
  });

  it('stays ready when the backend cannot be reached, which the backend gauge says instead', async () => {
    answers = false;
    later(5_000);
    expect(await isReady()).toBe(true);
    expect(await sample('desk_login_ready')).toBe(1);
    expect(await sample('desk_login_backend_reachable')).toBe(0);
    answers = true;
    later(10_000);
    expect(await sample('desk_login_backend_reachable')).toBe(1);
  });

  it('is not ready when its own settings do not load', async () => {
    await jest.isolateModulesAsync(async () => {
      const saved = process.env.BACKEND_URL;
      process.env.BACKEND_URL = 'not a url';
      try {
        const { isReady: isReadyWithBadSettings } = await import('@/lib/platform/observability/readiness');
        expect(await isReadyWithBadSettings()).toBe(false);
      } finally {
        process.env.BACKEND_URL = saved;
      }
    });
  });
  // Draining after SIGTERM: tests/e2e/operations.spec.ts, where a real signal reaches a real server (Jest's process takes no signal listeners).
});
