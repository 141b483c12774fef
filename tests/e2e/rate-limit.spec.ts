import { request as httpsRequest } from 'node:https';
import { randomInt } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { DEDICATED_HTTP_PORTS, DEDICATED_HTTPS_PORTS, startDeployment, type Deployment } from './support/dedicated-deployment.ts';
import { APP_PORTS, DOMAIN, HTTPS_PORT, IPV6_CLIENTS } from './support/environment.ts';

/**
 * The shipped nginx site limits form posts under /login per client (SECURITY.md, Mail and
 * guessing at speed). Each test here is its own client: Linux lets a socket leave from any address
 * of 127.0.0.0/8, so the suite's own browsers (127.0.0.1) never share its budget. The IPv6 and
 * edge tests run an nginx of their own in front of the suite's app, so that their budgets start
 * full on a retry too.
 */

function anotherClient(): string {
  return `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

type Answer = { status: number; body: string };

type Route = { host?: string; port?: number; forwardedFor?: string };

function send(from: string, method: 'GET' | 'POST', path = '/login/en', route: Route = {}): Promise<Answer> {
  const { host = '127.0.0.1', port = HTTPS_PORT, forwardedFor } = route;
  return new Promise((resolve, reject) => {
    const request = httpsRequest(
      {
        host,
        port,
        localAddress: from,
        method,
        path,
        servername: `web.${DOMAIN}`,
        rejectUnauthorized: false,
        agent: false,
        headers: {
          host: `web.${DOMAIN}:${port}`,
          'content-type': 'application/x-www-form-urlencoded',
          'accept-language': 'de',
          ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
        },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(method === 'POST' ? 'email=someone%40acme.test' : undefined);
  });
}

/** `count` form posts at once; how many nginx held back. */
async function throttledOf(count: number, post: (index: number) => Promise<Answer>): Promise<number> {
  const answers = await Promise.all(Array.from({ length: count }, (_, index) => post(index)));
  return answers.filter((answer) => answer.status === 429).length;
}

/**
 * `count` form posts at once, settled as soon as nginx has held back `enough` of them: the budget
 * is spent then. Waiting for the posts that passed would let the budget refill at one a second
 * for as long as a busy app takes to answer them.
 */
async function spendBudget(count: number, enough: number, post: (index: number) => Promise<Answer>): Promise<{ settled: Promise<unknown> }> {
  let throttled = 0;
  let spent!: () => void;
  const budgetSpent = new Promise<void>((resolve) => (spent = resolve));
  const answers = Array.from({ length: count }, (_, index) =>
    post(index).then((answer) => {
      if (answer.status === 429 && (throttled += 1) === enough) spent();
      return answer;
    }),
  );
  const settled = Promise.all(answers);
  await Promise.race([budgetSpent, settled.then(() => expect(throttled, 'posts held back while spending the budget').toBeGreaterThanOrEqual(enough))]);
  return { settled };
}

/** An nginx of the test's own, built from the shipped site, in front of the suite's app. */
async function ownNginx(name: keyof typeof DEDICATED_HTTPS_PORTS, site: { ipv6Loopback?: boolean; realIpFrom?: string }): Promise<Deployment> {
  return startDeployment(name, {
    httpsPort: DEDICATED_HTTPS_PORTS[name],
    httpPort: DEDICATED_HTTP_PORTS[name],
    appPorts: APP_PORTS,
    suiteInstances: true,
    site,
  });
}

test('one client posting forms at speed is held back after a burst, with a page that says so in three languages', async () => {
  const client = anotherClient();
  const answers = await Promise.all(Array.from({ length: 45 }, () => send(client, 'POST')));
  const throttled = answers.filter((answer) => answer.status === 429);
  const passed = answers.filter((answer) => answer.status !== 429);
  // The burst of 30 and the one or two the rate of one a second refills while they arrive.
  expect(passed.length).toBeGreaterThanOrEqual(30);
  expect(passed.length).toBeLessThanOrEqual(33);
  expect(passed.every((answer) => answer.status < 500)).toBe(true);
  expect(throttled[0]!.body).toContain('Too many attempts');
  expect(throttled[0]!.body).toContain('Zu viele Versuche');
  expect(throttled[0]!.body).toContain('Te veel pogingen');

  // The limit is this client's alone, and pages stay readable for it.
  expect((await send(anotherClient(), 'POST')).status).not.toBe(429);
  const page = await send(client, 'GET');
  expect(page.status).toBe(200);
  expect(page.body).toContain('lang="de"');
});

test('a person posting at a person\'s pace is never held back', async () => {
  const client = anotherClient();
  for (let round = 0; round < 3; round += 1) {
    const answers = await Promise.all(Array.from({ length: 8 }, () => send(client, 'POST')));
    expect(answers.map((answer) => answer.status).filter((status) => status === 429)).toEqual([]);
  }
});

test('an IPv6 client is its /64: a second address of the same /64 finds the budget spent, another /64 has its own', async () => {
  const nginx = await ownNginx('rateLimitIpv6', { ipv6Loopback: true });
  try {
    const port = DEDICATED_HTTPS_PORTS.rateLimitIpv6;
    const [first, second] = IPV6_CLIENTS.sameNetwork;
    // The burst, spent from one address.
    const firstAddress = await spendBudget(33, 1, () => send(first, 'POST', '/login/en', { host: '::1', port }));
    const [sameNetwork, otherNetwork] = await Promise.all([
      throttledOf(15, () => send(second, 'POST', '/login/en', { host: '::1', port })),
      throttledOf(15, () => send(IPV6_CLIENTS.otherNetwork, 'POST', '/login/en', { host: '::1', port })),
    ]);
    await firstAddress.settled;
    // A few refilled at one a second while the posts arrived; the rest are held back.
    expect(sameNetwork).toBeGreaterThanOrEqual(10);
    expect(otherNetwork).toBe(0);
  } finally {
    await nginx.stop();
  }
});

/** The load balancer in front of nginx in the edge tests: it appends the address it saw to X-Forwarded-For. */
const EDGE = '127.0.0.2';

test('behind an edge with real_ip, each client it names has a budget of its own, however it writes X-Forwarded-For itself', async () => {
  const nginx = await ownNginx('rateLimitEdge', { realIpFrom: EDGE });
  try {
    const port = DEDICATED_HTTPS_PORTS.rateLimitEdge;
    const viaEdge = (forwardedFor: string) => send(EDGE, 'POST', '/login/en', { port, forwardedFor });
    const firstPerson = await spendBudget(40, 7, () => viaEdge('198.51.100.1'));
    const [anotherPerson, posingInFront, inIpv6Form] = await Promise.all([
      throttledOf(15, () => viaEdge('198.51.100.2')),
      // What the client wrote comes before the entry the edge appended.
      throttledOf(10, (index) => viaEdge(`203.0.113.${index + 1}, 198.51.100.1`)),
      throttledOf(10, () => viaEdge('::ffff:198.51.100.1')),
    ]);
    await firstPerson.settled;
    expect(anotherPerson).toBe(0);
    // Twenty posts against one spent budget: a few refill at one a second while they arrive.
    expect(posingInFront).toBeGreaterThanOrEqual(7);
    expect(inIpv6Form).toBeGreaterThanOrEqual(7);
  } finally {
    await nginx.stop();
  }
});

test('behind an edge with real_ip, a client that reaches nginx around the edge is counted by its own address, whatever X-Forwarded-For it writes', async () => {
  const nginx = await ownNginx('rateLimitEdgeBypassed', { realIpFrom: EDGE });
  try {
    const port = DEDICATED_HTTPS_PORTS.rateLimitEdgeBypassed;
    const client = anotherClient();
    const direct = await throttledOf(45, (index) => send(client, 'POST', '/login/en', { port, forwardedFor: `198.51.100.${index + 1}` }));
    expect(direct).toBeGreaterThanOrEqual(12);
    // The positive control: the same 45 entries, appended by the edge, are 45 people.
    expect(await throttledOf(45, (index) => send(EDGE, 'POST', '/login/en', { port, forwardedFor: `198.51.100.${index + 1}` }))).toBe(0);
  } finally {
    await nginx.stop();
  }
});
