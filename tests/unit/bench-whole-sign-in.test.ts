import type { FrontRequest } from '@/bench/nginx';
import { wholeSignInRows, wholeSignInSection } from '@/bench/report';
import { appCpuMs, chargeIdle, countRequests, type SignInBatch, type WholeSignIns } from '@/bench/whole-sign-in';

/**
 * The whole sign-ins of `npm run bench` (bench/whole-sign-in.ts): what a batch is charged, how
 * its requests are counted, and what the report then says against the target.
 */

const request = (by: FrontRequest['by'], path: string, method = 'GET'): FrontRequest => ({ by, method, path, status: 200 });

function batch(overrides: Partial<SignInBatch>): SignInBatch {
  return {
    kind: 'e-mail, link in the same browser',
    browser: 'fresh browser',
    staticFrom: 'nginx',
    signIns: 2,
    wallMs: 5_000,
    instances: [
      { busyMs: 30, idleWindowRate: 0, idleMs: 5 },
      { busyMs: 25, idleWindowRate: 0, idleMs: 5 },
    ],
    backendCpuMs: 8,
    nginxCpuMs: 2,
    requests: [],
    ...overrides,
  };
}

test('a batch is charged what both instances spent beyond their idle, and one idle above its busy CPU stops the bench', () => {
  expect(appCpuMs(batch({}))).toBe(45);
  expect(() => appCpuMs(batch({ instances: [{ busyMs: 30, idleWindowRate: 0, idleMs: 5 }, { busyMs: 10, idleWindowRate: 0, idleMs: 12.5 }] }))).toThrow(
    'e-mail, link in the same browser, fresh browser, static from nginx: instance 2 spent 10 ms busy against 12.5 ms idle over the same time',
  );
});

test("idle is charged at the median rate of the instance's windows, so that one window holding a batch's late work charges no batch with it", () => {
  const batches = [0.005, 0.004, 0.1].map((rate) =>
    batch({ wallMs: 10_000, instances: [{ busyMs: 300, idleWindowRate: rate, idleMs: Number.NaN }, { busyMs: 300, idleWindowRate: 0.001, idleMs: Number.NaN }] }),
  );
  chargeIdle(batches);
  // 0.005 ms/ms, the median, over 10 s: 50 ms, not the 1,000 ms of the third window.
  expect(batches.map((charged) => charged.instances.map((instance) => instance.idleMs))).toEqual([[50, 10], [50, 10], [50, 10]]);
  expect(batches.map(appCpuMs)).toEqual([540, 540, 540]);
  const quiet = batch({ wallMs: 10_000, instances: [{ busyMs: 20, idleWindowRate: 0.005, idleMs: Number.NaN }, { busyMs: 300, idleWindowRate: 0.001, idleMs: Number.NaN }] });
  expect(() => chargeIdle([quiet])).toThrow('instance 1 spent 20 ms busy against 50.0 ms idle over the same time');
});

test("requests are counted per sign-in by who answered them, static files from nginx apart from the app's", () => {
  const requests = [
    request('app', '/login/en'),
    request('app', '/login/en', 'POST'),
    request('app', '/login/_next/static/chunks/a.js'),
    request('app', '/login/_next/static/chunks/b.js'),
    request('app', '/login/icon.svg'),
    request('app', '/login/api/email-sign-in/status'),
    request('nginx', '/login/_next/static/chunks/c.js'),
    request('main web app', '/'),
  ];
  expect(countRequests(requests, 2)).toEqual({ app: 3, static: 1, posts: 0.5, polls: 0.5, icons: 0.5, other: 0.5, staticByNginx: 0.5 });
});

describe('the report', () => {
  const polls = (count: number): FrontRequest[] => Array.from({ length: count }, () => request('app', '/login/api/email-sign-in/status'));
  const measured = (signInMs: number): WholeSignIns => ({
    settings: { rounds: 1, signInsPerBatch: 2, idleMs: 5_000, staticFrom: ['nginx'] },
    pollIntervalMs: 5_000,
    batches: [
      // Two sign-ins at `signInMs` each, three requests each; two waiting views that polled four times each, 1 ms a poll.
      batch({ instances: [{ busyMs: signInMs, idleWindowRate: 0, idleMs: 0 }, { busyMs: signInMs, idleWindowRate: 0, idleMs: 0 }], requests: [request('app', '/login/en'), request('app', '/login/en'), ...polls(2), request('app', '/login/en', 'POST'), request('app', '/login/en', 'POST')] }),
      batch({ kind: 'polls of a waiting mail-sent view', instances: [{ busyMs: 5, idleWindowRate: 0, idleMs: 1 }, { busyMs: 5, idleWindowRate: 0, idleMs: 1 }], requests: polls(8) }),
    ],
  });

  test('an e-mail sign-in carries a typical 20 s wait at what a waiting view cost its round, with the requests it sent', () => {
    const { rows, waitRoundsMs, pollsPerWait } = wholeSignInRows(measured(4));
    expect(pollsPerWait).toBe(4);
    expect(waitRoundsMs).toEqual([4]);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.roundsMs).toEqual([4 + 4 * 1]);
    expect(rows[0]?.requests).toMatchObject({ app: 3 + 4, polls: 1 + 4, posts: 1 });
  });

  test('a wait in held requests is charged what it cost, not a count of polls at another cost', () => {
    const held = measured(4);
    // Each view asked once, and its request was held: 3 ms of app CPU per view.
    held.batches[1] = batch({ kind: 'polls of a waiting mail-sent view', instances: [{ busyMs: 4, idleWindowRate: 0, idleMs: 1 }, { busyMs: 4, idleWindowRate: 0, idleMs: 1 }], requests: polls(2) });
    const { rows, pollsPerWait } = wholeSignInRows(held);
    expect(pollsPerWait).toBe(1);
    expect(rows[0]?.roundsMs).toEqual([4 + 3]);
    expect(rows[0]?.requests).toMatchObject({ app: 3 + 1, polls: 1 + 1 });
  });

  test('the target of 100 e-mail sign-ins per CPU-second holds at 10 ms a sign-in and is missed above it', () => {
    // 6 ms measured plus a wait of 4 ms: 10 ms, 100 per CPU-second.
    expect(wholeSignInSection(measured(6)).join('\n')).toMatch(/\| at least 100 e-mail sign-ins per CPU-second .* \| 100\.0 per CPU-second \(10\.0 ms of app CPU per sign-in\) \| holds \|/);
    expect(wholeSignInSection(measured(6.5)).join('\n')).toMatch(/\| 95\.2 per CPU-second \(10\.5 ms of app CPU per sign-in\) \| \*\*missed\*\* \|/);
  });

  test("beside the target, the least any Next.js app would charge for the same requests: each at the cost of the bare app's trivial route", () => {
    // 3 requests of the sign-in and 4 polls of its wait, at 2 ms each: 14 ms, 71.4 per CPU-second.
    expect(wholeSignInSection(measured(4), { trivialRouteMs: 2 }).join('\n')).toMatch(
      /7\.0 requests to the app, each at the 2\.00 ms .*: 14\.0 ms, at most 71\.4 per CPU-second\. The target leaves 10\.0 ms a sign-in, 5\.0 such requests\./,
    );
    // Without the load rounds (`--only sign-in`) there is no such figure, and no line.
    expect(wholeSignInSection(measured(4)).join('\n')).not.toMatch(/requests to the app, each at the/);
  });

  test('waiting views that sent no poll stop the report rather than charge nothing for the wait', () => {
    const silent = measured(4);
    silent.batches[1] = batch({ kind: 'polls of a waiting mail-sent view', requests: [] });
    expect(() => wholeSignInRows(silent)).toThrow('the waiting mail-sent views sent no poll in a typical wait');
  });
});
