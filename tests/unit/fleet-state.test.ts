import { createServer, type AddressInfo } from 'node:net';

/**
 * The fleet's limits when Redis does not answer (lib/platform/shared-store/): a port on loopback that
 * nothing listens on, so every call meets a real refused connection and the call timeout. With
 * Redis answering, tests/e2e/fleet.spec.ts runs them across two instances.
 */

process.env.SESSION_SECRET ??= 'unit-test-secret-of-at-least-32-characters';
process.env.BACKEND_URL ??= 'http://127.0.0.1:1';
process.env.APP_DOMAINS ??= 'desk.test';
process.env.LOG_LEVEL = 'silent';

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function sample(series: string): Promise<number> {
  const { metricsExposition } = await import('@/lib/platform/observability/metrics');
  const line = (await metricsExposition()).body.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return Number(line?.slice(series.length + 1) ?? NaN);
}

describe('a shared limit with Redis unreachable', () => {
  let fleet: typeof import('@/lib/platform/shared-store/store');

  beforeAll(async () => {
    process.env.REDIS_URL = `redis://127.0.0.1:${await closedPort()}`;
    fleet = await import('@/lib/platform/shared-store/store');
  });

  afterAll(async () => {
    const store = (globalThis as Record<symbol, { redis?: import('ioredis').default }>)[Symbol.for('desk-login:fleet-store')];
    store?.redis?.disconnect();
    // ioredis then waits its disconnectTimeout (2 s) on a socket that was refused long ago.
    await new Promise((resolve) => setTimeout(resolve, 2_100));
  });

  it('fail-closed refuses within its time bound, and counts the refusal', async () => {
    const tries = fleet.sharedLimit('code_tries', { points: 5, durationSeconds: 60, whenUnreachable: 'fail-closed' });
    const before = await sample('desk_login_shared_state_unavailable_total{limit="code_tries",then="fail-closed"}');
    const started = performance.now();
    await expect(tries.spend('link-1')).rejects.toBeInstanceOf(fleet.SharedStateUnavailable);
    await expect(tries.spent('link-1')).rejects.toBeInstanceOf(fleet.SharedStateUnavailable);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(await sample('desk_login_shared_state_unavailable_total{limit="code_tries",then="fail-closed"}')).toBe(before + 2);
  });

  it('per-process still limits within this process, and counts each fallback', async () => {
    const locks = fleet.sharedLimit('link_lock', { points: 1, durationSeconds: 30, whenUnreachable: 'per-process' });
    const before = await sample('desk_login_shared_state_unavailable_total{limit="link_lock",then="per-process"}');
    await expect(locks.spend('address-digest')).resolves.toMatchObject({ allowed: true, spent: 1 });
    await expect(locks.spend('address-digest')).resolves.toMatchObject({ allowed: false, spent: 2 });
    // The positive control: another key has its own point.
    await expect(locks.spend('another-digest')).resolves.toMatchObject({ allowed: true, spent: 1 });
    expect(await sample('desk_login_shared_state_unavailable_total{limit="link_lock",then="per-process"}')).toBe(before + 3);
  });
});

describe('an outage as the operator sees it', () => {
  it('is one warning and one outage counted, however many limits and calls meet it; a replayed mark holds in this process meanwhile', async () => {
    jest.resetModules();
    const store = (globalThis as Record<symbol, { redis?: import('ioredis').default }>)[Symbol.for('desk-login:fleet-store')];
    store?.redis?.disconnect();
    delete (globalThis as Record<symbol, unknown>)[Symbol.for('desk-login:fleet-store')];
    process.env.REDIS_URL = `redis://127.0.0.1:${await closedPort()}`;
    const { logger } = await import('@/lib/platform/observability/logger');
    const warn = jest.spyOn(logger(), 'warn');
    const fleet = await import('@/lib/platform/shared-store/store');
    const outagesBefore = await sample('desk_login_shared_state_outages_total');
    const callsBefore = await sample('desk_login_shared_state_unavailable_total{limit="backend_checks",then="per-process"}');

    const checks = fleet.sharedLimit('backend_checks', { points: 1, durationSeconds: 3, whenUnreachable: 'per-process' });
    const declines = fleet.sharedLimit('declined_links', { points: 1, durationSeconds: 60, whenUnreachable: 'replayed' });
    for (let call = 0; call < 3; call++) await checks.spend(`wait-${call}`);
    await declines.spend('link-declined-in-outage');

    expect(await sample('desk_login_shared_state_outages_total')).toBe(outagesBefore + 1);
    expect(await sample('desk_login_shared_state_unavailable_total{limit="backend_checks",then="per-process"}')).toBe(callsBefore + 3);
    expect(warn.mock.calls.filter(([, message]) => String(message).startsWith('shared store unreachable'))).toHaveLength(1);
    await expect(declines.spent('link-declined-in-outage')).resolves.toBe(1);
    // The control: a link nobody declined.
    await expect(declines.spent('link-never-declined')).resolves.toBe(0);
    warn.mockRestore();
    (globalThis as Record<symbol, { redis?: import('ioredis').default }>)[Symbol.for('desk-login:fleet-store')]?.redis?.disconnect();
  });
});

describe('a shared limit without REDIS_URL', () => {
  it("is this process's memory, and says so in one start-up line", async () => {
    jest.resetModules();
    delete process.env.REDIS_URL;
    delete (globalThis as Record<symbol, unknown>)[Symbol.for('desk-login:fleet-store')];
    const fleet = await import('@/lib/platform/shared-store/store');
    expect(fleet.describeFleetState()).toMatch(/^REDIS_URL is not set: .* per process/);
    const once = fleet.sharedLimit('app_codes', { points: 1, durationSeconds: 60, whenUnreachable: 'per-process' });
    await expect(once.spend('code-1')).resolves.toMatchObject({ allowed: true });
    await expect(once.spend('code-1')).resolves.toMatchObject({ allowed: false });
  });
});

describe('the time bound of a call to Redis', () => {
  /** A reply that arrives over a real socket, as Redis's does, to a process that is busy meanwhile. */
  async function replyWhileBusy(answer: boolean, busyMs: number): Promise<{ bounded: Promise<string> }> {
    const { createServer: createTcpServer, connect } = await import('node:net');
    const server = createTcpServer((socket) => (answer ? socket.end('+OK\r\n') : undefined));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const socket = connect((server.address() as AddressInfo).port, '127.0.0.1').on('error', () => undefined);
    const reply = new Promise<string>((resolve) => socket.once('data', (data) => resolve(data.toString())));
    await new Promise((resolve) => socket.once('connect', resolve));
    const { withinCallTimeout } = await import('@/lib/platform/shared-store/store');
    const bounded = withinCallTimeout(reply);
    socket.write('PING\r\n');
    // Busy past the bound: the reply has arrived, but nothing has looked at it yet.
    const until = Date.now() + busyMs;
    while (Date.now() < until);
    void bounded
      .catch(() => undefined)
      .finally(() => {
        socket.destroy();
        server.close();
      });
    return { bounded };
  }

  it('takes an answer that came in time for one, though this process was too busy to look until after the bound', async () => {
    await expect((await replyWhileBusy(true, 300)).bounded).resolves.toBe('+OK\r\n');
  });

  it('gives up on a call that has no answer within its budget', async () => {
    const { CALL_TIMEOUT_MS } = await import('@/lib/platform/shared-store/store');
    const started = performance.now();
    await expect((await replyWhileBusy(false, 0)).bounded).rejects.toThrow(`Redis did not answer within ${CALL_TIMEOUT_MS} ms`);
    expect(performance.now() - started).toBeLessThan(CALL_TIMEOUT_MS + 1_000);
  });
});
