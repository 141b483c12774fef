import { request as httpsRequest } from 'node:https';
import { randomInt } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { DOMAIN, HTTPS_PORT } from './support/environment.ts';

/**
 * The shipped nginx site limits form posts under /login per client address (SECURITY.md, Mail and
 * guessing at speed). Each test here is its own client: Linux lets a socket leave from any address
 * of 127.0.0.0/8, so the suite's own browsers (127.0.0.1) never share its budget.
 */

function anotherClient(): string {
  return `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

type Answer = { status: number; body: string };

function send(from: string, method: 'GET' | 'POST', path = '/login/en'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpsRequest(
      {
        host: '127.0.0.1',
        port: HTTPS_PORT,
        localAddress: from,
        method,
        path,
        servername: `web.${DOMAIN}`,
        rejectUnauthorized: false,
        agent: false,
        headers: { host: `web.${DOMAIN}:${HTTPS_PORT}`, 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'de' },
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
