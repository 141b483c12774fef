import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { expect, test } from '@playwright/test';
import { uniqueAddress } from './support/backend.ts';
import { BACKEND_ORIGIN, DOMAIN, HTTPS_PORT, serverLog, testPort } from './support/environment.ts';
import { loginFormFields, mailed } from './support/sign-in.ts';
import { startStandaloneApp } from './support/standalone-app.ts';

/**
 * Issue 48: posts straight to an instance that Next cannot take, sent as raw HTTP: one that does
 * not say its length (chunked), and server action posts of the page's own origin that Next cannot
 * read. Next answered them 500 or with its own plain text, and wrote an error line with a stack;
 * the instance now answers 411 or 400 itself, with one warning line. The well-formed post, sent
 * the same way, still sends the link.
 */

const APP_PORT = testPort(4720);
const APP_LOG = serverLog(`standalone-${APP_PORT}`);
const WEB_HOST = `web.${DOMAIN}:${HTTPS_PORT}`;

let app: ChildProcess | undefined;

test.beforeAll(async () => {
  app = await startStandaloneApp({ port: APP_PORT, backendUrl: BACKEND_ORIGIN });
});

test.afterAll(() => {
  app?.kill('SIGKILL');
});

type Answer = { status: number; body: string };

/**
 * A post as bytes on the wire: with `Content-Length` when `chunked` is false, else the body in
 * chunks and no length, as node:http sends a body whose length it was not told.
 */
function post(path: string, headers: Record<string, string>, body: Buffer | string, chunked: boolean): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const bytes = Buffer.from(body);
    const sent = httpRequest(
      { host: '127.0.0.1', port: APP_PORT, method: 'POST', path, headers: { host: WEB_HOST, 'x-forwarded-proto': 'https', origin: `https://${WEB_HOST}`, ...headers, ...(chunked ? {} : { 'content-length': String(bytes.length) }) } },
      (response) => {
        const parts: Buffer[] = [];
        response.on('data', (part: Buffer) => parts.push(part));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(parts).toString('utf8') }));
      },
    );
    sent.on('error', reject);
    if (chunked) {
      for (let start = 0; start < bytes.length; start += 4096) sent.write(bytes.subarray(start, start + 4096));
    } else {
      sent.write(bytes);
    }
    sent.end();
  });
}

/** What the instance wrote while `act` ran, and a moment after (Next writes its own lines outside the request). */
async function writtenDuring<T>(act: () => Promise<T>): Promise<{ result: T; lines: string[] }> {
  const before = statSync(APP_LOG).size;
  const result = await act();
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  return { result, lines: readFileSync(APP_LOG).subarray(before).toString('utf8').split('\n').filter(Boolean) };
}

function levelOf(line: string): number | undefined {
  try {
    return (JSON.parse(line) as { level?: number }).level;
  } catch {
    return undefined;
  }
}

/** The form's fields as multipart/form-data, as a browser without script posts them. */
function multipart(fields: Record<string, string>, boundary: string): string {
  return `${Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`).join('')}--${boundary}--\r\n`;
}

/** Expects one warning line for the request and nothing of Next's: no error line, no stack, no message of its own. */
function expectOneWarning(lines: string[], requestId: string, message: string) {
  const ofThePost = lines.filter((line) => line.includes(`"requestId":"${requestId}"`));
  expect(ofThePost.map(levelOf)).toEqual([40]);
  expect(ofThePost[0]).toContain(`"msg":"${message}"`);
  expect(lines.filter((line) => (levelOf(line) ?? 50) >= 50)).toEqual([]);
  expect(lines.join('\n')).not.toMatch(/\n\s+at |Body exceeded|Server Action|Server Reference|Failed to parse|Unexpected end/);
}

test('a post without its length (chunked) is refused with a 411 and one warning line, large or small; with its length the same form sends the link', async ({ browser, request }) => {
  const boundary = `----form${randomUUID()}`;
  const headers = { 'content-type': `multipart/form-data; boundary=${boundary}` };
  const email = uniqueAddress('anna@acme.test');
  const fields = await loginFormFields(browser, email);

  for (const [size, body] of [
    ['40 KB, past the form limit', multipart({ ...fields, padding: 'x'.repeat(40 * 1024) }, boundary)],
    ['the form as it is', multipart(fields, boundary)],
  ] as const) {
    const requestId = `no-length-${randomUUID()}`;
    const { result, lines } = await writtenDuring(() => post('/login/en', { ...headers, 'x-request-id': requestId }, body, true));
    expect(result.status, size).toBe(411);
    expect(result.body).toBe('This request did not say its length and was not accepted.');
    expectOneWarning(lines, requestId, 'post without its length refused');
  }
  expect(await mailed(request, email)).toBe(false);

  // The control: the same bytes with their length send the link, and warn of nothing.
  const requestId = `with-length-${randomUUID()}`;
  const { result, lines } = await writtenDuring(() => post('/login/en', { ...headers, 'x-request-id': requestId }, multipart(fields, boundary), false));
  expect(result.status).toBe(303);
  expect(await mailed(request, email)).toBe(true);
  expect(lines.filter((line) => line.includes(`"requestId":"${requestId}"`)).map(levelOf)).not.toContain(40);
});

test('server action posts of the page\'s own origin that Next cannot read are refused with a 400 and one warning line; a well-formed one is answered by the action', async ({ browser }) => {
  const fields = await loginFormFields(browser, uniqueAddress('bert@globex.test'));
  // The form names its action in a field, as `{"id":"<42 hex digits>","bound":…}`.
  const action = Object.values(fields)
    .map((value) => /"id":"([0-9a-f]{42})"/.exec(value)?.[1])
    .find(Boolean);
  expect(action, 'the login form posts to a server action').toBeDefined();
  const boundary = `----form${randomUUID()}`;

  const unreadable = [
    ['an action id of another shape', { 'next-action': 'not-an-action', 'content-type': 'text/plain;charset=UTF-8' }, '[]'],
    ['arguments that are no JSON', { 'next-action': action!, 'content-type': 'text/plain;charset=UTF-8' }, '[[['],
    ['a form without its boundary', { 'content-type': 'multipart/form-data' }, multipart(fields, boundary)],
    ['a form that ends half-way', { 'content-type': `multipart/form-data; boundary=${boundary}` }, multipart(fields, boundary).slice(0, 80)],
  ] as const;
  for (const [kind, headers, body] of unreadable) {
    const requestId = `unreadable-${randomUUID()}`;
    const { result, lines } = await writtenDuring(() => post('/login/en', { ...headers, 'x-request-id': requestId }, body, false));
    expect(result.status, kind).toBe(400);
    expect(result.body).toBe('This form could not be read and was not accepted.');
    expectOneWarning(lines, requestId, 'form post that cannot be read refused');
  }

  // The control: the action's own post, as Next's client sends it, is answered by the action.
  const requestId = `readable-${randomUUID()}`;
  const { result, lines } = await writtenDuring(() =>
    post('/login/en', { 'next-action': action!, 'content-type': 'text/plain;charset=UTF-8', accept: 'text/x-component', 'x-request-id': requestId }, '[]', false),
  );
  expect(result.status).toBe(200);
  expect(result.body).toContain('"status":"error"');
  expect(lines.filter((line) => line.includes(`"requestId":"${requestId}"`)).map(levelOf)).not.toContain(40);
});
