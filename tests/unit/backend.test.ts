import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { Writable } from 'node:stream';
import { headers } from 'next/headers';
import { z } from 'zod';
import * as auth from '@/lib/platform/backend/auth';
import { addUser, createUser, isValidId, ssoLogin, verifyUser } from '@/lib/platform/backend/auth';
import { callBackend, retryAfterMsOf } from '@/lib/platform/backend/client';
import * as organisations from '@/lib/platform/backend/organisations';
import * as reservations from '@/lib/platform/backend/reservations';

// The request being served, as Next's headers() hands it to the backend client.
jest.mock('next/headers', () => ({ headers: jest.fn() }));
const requestHeaders = jest.mocked(headers);

// What the server's log says of each call, as an operator's log reader would see it.
const mockLogLines: { level: number; msg: string; text: string }[] = [];
jest.mock('@/lib/platform/observability/logger', () => {
  const actual = jest.requireActual<typeof import('@/lib/platform/observability/logger')>('@/lib/platform/observability/logger');
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      const text = chunk.toString().trim();
      mockLogLines.push({ ...(JSON.parse(text) as { level: number; msg: string }), text });
      done();
    },
  });
  const log = actual.createLogger('info', destination).child(actual.requestFields('r-backend-test'));
  return { ...actual, requestLogger: async () => log };
});

// getConfig() reads these on first use: BACKEND_URL is the local backend below, once it listens.
process.env.SESSION_SECRET = 'unit-test-secret-of-at-least-32-characters';

/** What the backend received: one entry per request, with whether its connection has closed since. */
type Received = { url: URL; method: string; headers: Headers; body: unknown; closed: Promise<void> };

let received: Received[] = [];
let reply: (outgoing: ServerResponse) => void;
let backend: Server;
let origin: string;

beforeAll(async () => {
  backend = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      received.push({
        url: new URL(incoming.url ?? '/', origin),
        method: incoming.method ?? '',
        headers: new Headers(Object.entries(incoming.headers).map(([name, value]): [string, string] => [name, String(value)])),
        body: text === '' ? undefined : JSON.parse(text),
        closed: new Promise((resolve) => outgoing.on('close', () => resolve())),
      });
      reply(outgoing);
    });
  });
  await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(backend.address() as AddressInfo).port}`;
  process.env.BACKEND_URL = origin;
});

afterAll(async () => {
  backend.closeAllConnections();
  await new Promise((resolve) => backend.close(resolve));
});

beforeEach(() => {
  received = [];
  mockLogLines.length = 0;
  // Outside a request, as Next itself says it.
  requestHeaders.mockImplementation(() => {
    throw new Error('`headers` was called outside a request scope.');
  });
});

function answer(status: number, body: unknown, headers: Record<string, string> = {}) {
  reply = (outgoing) => outgoing.writeHead(status, { 'content-type': 'application/json', ...headers }).end(typeof body === 'string' ? body : JSON.stringify(body));
}

/** A backend that takes the request and drops the connection without a word. */
function dropConnection() {
  reply = (outgoing) => outgoing.socket?.destroy();
}

/** The one request the backend received. */
function sentRequest(): Received {
  expect(received).toHaveLength(1);
  return received[0]!;
}

const uuidAnswer = z.object({ uuid: z.string() });

describe('callBackend', () => {
  it('returns the parsed answer of a 200', async () => {
    answer(200, { uuid: 'u-1', extra: 'ignored' });
    await expect(callBackend({ path: '/thing' }, uuidAnswer)).resolves.toEqual({ ok: true, value: { uuid: 'u-1' } });
    const request = sentRequest();
    expect(request.url.href).toBe(`${origin}/thing`);
    expect(request.headers.get('accept')).toBe('application/json');
  });

  it('sends query parameters and a JSON body', async () => {
    answer(200, { uuid: 'u-1' });
    await callBackend({ method: 'POST', path: '/thing', query: { a: 'x y', b: '&' }, body: { name: 'Anna' } }, uuidAnswer);
    const request = sentRequest();
    expect(request.method).toBe('POST');
    expect(request.url.searchParams.get('a')).toBe('x y');
    expect(request.url.searchParams.get('b')).toBe('&');
    expect(request.headers.get('content-type')).toBe('application/json');
    expect(request.body).toEqual({ name: 'Anna' });
  });

  it.each<[string, number, string, unknown]>([
    ['a 4xx with a known code', 404, JSON.stringify({ code: 'NOT_FOUND' }), { kind: 'code', code: 'NOT_FOUND', status: 404 }],
    ['a 4xx with an unknown code', 400, JSON.stringify({ code: 'SOMETHING_NEW' }), { kind: 'unknown', status: 400 }],
    ['a 4xx without a code', 400, JSON.stringify({ message: 'bad' }), { kind: 'unknown', status: 400 }],
    ['a 500 with an HTML page', 500, '<html><body>Internal Server Error</body></html>', { kind: 'unknown', status: 500 }],
    ['a 200 of the wrong shape', 200, JSON.stringify({ id: 42 }), { kind: 'unknown', status: 200 }],
    ['a 200 that is not JSON', 200, 'OK', { kind: 'unknown', status: 200 }],
  ])('reports %s', async (_case, status, body, failure) => {
    answer(status, body);
    await expect(callBackend({ path: '/thing' }, uuidAnswer)).resolves.toEqual({ ok: false, failure });
  });

  it('reports a dropped connection, or nobody listening, as unavailable', async () => {
    dropConnection();
    await expect(callBackend({ path: '/thing' }, uuidAnswer)).resolves.toEqual({ ok: false, failure: { kind: 'unavailable' } });
    const closedPort = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    await expect(callBackend({ path: '/thing', baseUrl: `http://127.0.0.1:${closedPort}` }, uuidAnswer)).resolves.toEqual({
      ok: false,
      failure: { kind: 'unavailable' },
    });
    // Control: the same call answered.
    answer(200, { uuid: 'u-1' });
    await expect(callBackend({ path: '/thing' }, uuidAnswer)).resolves.toEqual({ ok: true, value: { uuid: 'u-1' } });
  });

  it('asks no second time when the backend drops the connection it kept open: verifyUser is a GET that mails a link', async () => {
    // As a backend whose idle timeout ran out just as the next request arrived on the connection.
    const answered = new WeakSet<Socket>();
    reply = (outgoing) => {
      const socket = outgoing.socket!;
      if (answered.has(socket)) return void socket.destroy();
      answered.add(socket);
      outgoing.writeHead(200, { 'content-type': 'application/json', 'keep-alive': 'timeout=60' }).end(JSON.stringify({ uuid: 'u-1' }));
    };
    await expect(callBackend({ path: '/first' }, uuidAnswer)).resolves.toEqual({ ok: true, value: { uuid: 'u-1' } });
    await expect(callBackend({ path: '/again' }, uuidAnswer)).resolves.toEqual({ ok: false, failure: { kind: 'unavailable' } });
    expect(received.map((request) => request.url.pathname)).toEqual(['/first', '/again']);
  });

  it('follows no redirect: the address and tokens it carries stay with the backend', async () => {
    // With a body of the expected shape: a redirect is never read as the answer either.
    reply = (outgoing) => outgoing.writeHead(307, { location: `${origin}/elsewhere`, 'content-type': 'application/json' }).end(JSON.stringify({ uuid: 'u-1' }));
    await expect(callBackend({ path: '/thing', headers: { 'add-user-token': 't-1' } }, uuidAnswer)).resolves.toEqual({
      ok: false,
      failure: { kind: 'unknown', status: 307 },
    });
    expect(sentRequest().url.pathname).toBe('/thing');
  });

  it.each<[string, (outgoing: ServerResponse) => void]>([
    ['does not answer', () => undefined],
    ['answers its headers but never its body', (outgoing) => outgoing.writeHead(200, { 'content-type': 'application/json' }).write('{"uuid":')],
  ])('gives up on a backend that %s within the timeout, and closes the connection', async (_case, slowReply) => {
    reply = slowReply;
    const started = Date.now();
    // Long enough that the request reaches the backend (in this same process) first, on a busy machine too.
    const result = await callBackend({ path: '/slow', timeoutMs: 500 }, uuidAnswer);
    expect(result).toEqual({ ok: false, failure: { kind: 'unavailable' } });
    expect(Date.now() - started).toBeLessThan(2_000);
    await sentRequest().closed;
  });
});

describe('the log line of a backend call', () => {
  /** A port nobody listens on. */
  function closedPort(): Promise<number> {
    return new Promise((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
  }

  it('is a warning, one line without the address or the URL, when the backend cannot be reached or does not answer in time', async () => {
    const unreachable = `http://127.0.0.1:${await closedPort()}`;
    await callBackend({ path: '/api/v1/flw/auth/:email/verifyUser', pathParams: { email: 'anna@acme.test' }, baseUrl: unreachable }, uuidAnswer);
    reply = () => undefined;
    await callBackend({ path: '/slow', timeoutMs: 50 }, uuidAnswer);
    expect(mockLogLines.map(({ level, msg }) => ({ level, msg }))).toEqual([
      { level: 40, msg: 'backend call' },
      { level: 40, msg: 'backend call' },
    ]);
    expect(mockLogLines[0]!.text).toContain('"path":"/api/v1/flw/auth/:email/verifyUser"');
    expect(mockLogLines[0]!.text).toContain('"reason":"network"');
    expect(mockLogLines[1]!.text).toContain('"reason":"timeout"');
    for (const { text } of mockLogLines) {
      expect(text).not.toContain('anna@acme.test');
      expect(text).not.toContain(unreachable);
      expect(text).not.toContain('127.0.0.1');
    }
  });

  it('stays at info for an answer, a refusal of the catalogue included (the control)', async () => {
    answer(200, { uuid: 'u-1' });
    await callBackend({ path: '/thing' }, uuidAnswer);
    answer(404, { code: 'NOT_FOUND' });
    await callBackend({ path: '/thing' }, uuidAnswer);
    expect(mockLogLines.map(({ level, msg }) => ({ level, msg }))).toEqual([
      { level: 30, msg: 'backend call' },
      { level: 30, msg: 'backend call' },
    ]);
  });
});

describe('verifyUser', () => {
  it.each([
    ['a+b@x.com', 'a%2Bb%40x.com'],
    ['a/b@x.com', 'a%2Fb%40x.com'],
    ['anna@example.com', 'anna%40example.com'],
  ])('puts %s into the path encoded, as one segment', async (email, encoded) => {
    answer(200, { uuid: 'u-1' });
    await verifyUser(email, 'device-1');
    const { url } = sentRequest();
    expect(url.pathname).toBe(`/api/v1/flw/auth/${encoded}/verifyUser`);
    expect(url.searchParams.get('source')).toBe('web');
    expect(url.searchParams.get('deviceId')).toBe('device-1');
  });

  it.each([
    [{ uuid: 'u-1' }, { next: 'linkSent', uuid: 'u-1' }],
    [{ autoAddToken: 't-1' }, { next: 'signUp', autoAddToken: 't-1' }],
  ])('reads %j as %j', async (body, value) => {
    answer(200, body);
    await expect(verifyUser('anna@example.com', 'device-1')).resolves.toEqual({ ok: true, value });
  });

  it('passes on a catalogue code', async () => {
    answer(429, { code: 'SUSPICIOUS_ACTIVITY' });
    await expect(verifyUser('anna@example.com', 'device-1')).resolves.toEqual({
      ok: false,
      failure: { kind: 'code', code: 'SUSPICIOUS_ACTIVITY', status: 429 },
    });
  });

  it('passes on how long the backend asks to wait, when it says', async () => {
    answer(429, { code: 'SUSPICIOUS_ACTIVITY' }, { 'retry-after': '120' });
    await expect(verifyUser('anna@example.com', 'device-1')).resolves.toEqual({
      ok: false,
      failure: { kind: 'code', code: 'SUSPICIOUS_ACTIVITY', status: 429, retryAfterMs: 120_000 },
    });
  });
});

describe('retryAfterMsOf', () => {
  const now = Date.parse('2026-11-25T12:00:00Z');
  it.each<[string | null, number | undefined]>([
    ['30', 30_000],
    [' 0 ', 0],
    ['Wed, 25 Nov 2026 12:02:00 GMT', 120_000],
    [null, undefined],
    ['', undefined],
    ['-5', undefined],
    ['1.5', undefined],
    ['soon', undefined],
    ['Wed, 25 Nov 2026 11:00:00 GMT', undefined],
    [String(2 * 24 * 60 * 60), undefined],
  ])('reads Retry-After %j as %j ms', (value, ms) => {
    expect(retryAfterMsOf(value, now)).toBe(ms);
  });
});

describe('createUser', () => {
  it('posts the account with the add-user-token and deviceId headers', async () => {
    answer(200, { uuid: 'u-2' });
    const result = await createUser({ email: 'anna@example.com', displayName: 'Anna' }, 'token-1', 'device-1');
    expect(result).toEqual({ ok: true, value: { uuid: 'u-2' } });
    const request = sentRequest();
    expect(request.method).toBe('POST');
    expect(request.url.pathname).toBe('/api/v1/flw/auth/createUser');
    expect(request.headers.get('add-user-token')).toBe('token-1');
    expect(request.headers.get('deviceId')).toBe('device-1');
    expect(request.body).toEqual({ email: 'anna@example.com', displayName: 'Anna' });
  });
});

describe('addUser', () => {
  it('posts the forwarded fields, the address and the name, with the device id this app chose in the header', async () => {
    answer(200, {});
    await addUser({ email: 'new@example.com', forwarded: { inviteToken: 'i-1', language: 'nl' } }, 'Nina', 'device-1');
    const request = sentRequest();
    expect(request.url.pathname).toBe('/api/v1/flw/auth/addUser');
    expect(request.headers.get('deviceId')).toBe('device-1');
    expect(request.body).toEqual({ inviteToken: 'i-1', language: 'nl', email: 'new@example.com', name: 'Nina' });
  });

  it('lets no forwarded field overwrite the address or the name this app sets', async () => {
    answer(200, {});
    await addUser({ email: 'new@example.com', forwarded: { email: 'planted@evil.test', name: 'Planted' } }, 'Nina', 'device-1');
    expect(sentRequest().body).toEqual({ email: 'new@example.com', name: 'Nina' });
  });
});

describe('isValidId', () => {
  it('asks for the uuid, encoded', async () => {
    answer(200, {});
    await isValidId('u/1', 'device-1');
    const { url } = sentRequest();
    expect(url.pathname).toBe('/api/v1/flw/auth/u%2F1/isValidId/');
    expect(url.searchParams.get('deviceId')).toBe('device-1');
  });

  it.each<[string, number, unknown]>([
    ['a 404', 404, ''],
    ['a 404 with a code', 404, { code: 'NOT_FOUND' }],
    ['a 200 without a token', 200, {}],
  ])('reads %s as not confirmed yet', async (_case, status, body) => {
    answer(status, body);
    await expect(isValidId('u-1', 'device-1')).resolves.toEqual({ ok: true, value: { confirmed: false } });
  });

  it('reads a sub-domain and token as confirmed, the sub-domain lower-cased', async () => {
    answer(200, { subDomain: 'Acme', authToken: 'jwt' });
    await expect(isValidId('u-1', 'device-1')).resolves.toEqual({
      ok: true,
      value: { confirmed: true, subDomain: 'acme', authToken: 'jwt' },
    });
  });

  it.each(['evil.com', '../x', 'a b', '-acme', '', 'a'.repeat(64)])(
    'refuses the sub-domain %j, which is not one DNS label',
    async (subDomain) => {
      answer(200, { subDomain, authToken: 'jwt' });
      await expect(isValidId('u-1', 'device-1')).resolves.toEqual({ ok: false, failure: { kind: 'unknown', status: 200 } });
    },
  );

  it('reports an unreachable backend as unavailable, not as "not confirmed"', async () => {
    dropConnection();
    await expect(isValidId('u-1', 'device-1')).resolves.toEqual({ ok: false, failure: { kind: 'unavailable' } });
  });
});

describe('ssoLogin', () => {
  const organisations = [{ subDomain: 'acme', token: 'org-token' }];

  it('signs in for the web: platform web, no long-lived header', async () => {
    answer(200, organisations);
    const result = await ssoLogin({ source: 'google', idToken: 'id-token', deviceId: 'device-1', longLived: false });
    expect(result).toEqual({ ok: true, value: { kind: 'organisations', organisations } });
    const request = sentRequest();
    expect(request.method).toBe('POST');
    expect(request.url.pathname).toBe('/api/v1/flw/auth/ssoLogin');
    expect(request.headers.has('long-lived-token')).toBe(false);
    expect(request.body).toEqual({ platform: 'web', source: 'google', deviceId: 'device-1', token: 'id-token', bundle: '' });
  });

  it('asks for a long-lived token: platform cc and long-lived-token: true', async () => {
    answer(200, { token: 'cc-token', role: 'admin' });
    const result = await ssoLogin({ source: 'microsoft', idToken: 'id-token', deviceId: 'device-2', longLived: true });
    expect(result).toEqual({ ok: true, value: { kind: 'controlCentre', token: 'cc-token', role: 'admin' } });
    const request = sentRequest();
    expect(request.headers.get('long-lived-token')).toBe('true');
    expect(request.body).toMatchObject({ platform: 'cc', source: 'microsoft', deviceId: 'device-2' });
  });

  it.each([
    ['no organisations', []],
    ['an organisation on a foreign host', [{ subDomain: 'evil.com', token: 't' }]],
  ])('refuses an answer with %s', async (_case, body) => {
    answer(200, body);
    await expect(ssoLogin({ source: 'google', idToken: 'id', deviceId: 'device-1', longLived: false })).resolves.toEqual({
      ok: false,
      failure: { kind: 'unknown', status: 200 },
    });
  });
});

describe('the client address', () => {
  /** One call of each kind the backend modules export, keyed by the exported name. */
  const callKinds: Record<string, () => Promise<unknown>> = {
    verifyUser: () => auth.verifyUser('anna@example.com', 'device-1'),
    isValidId: () => auth.isValidId('u-1', 'device-1'),
    isValidDeviceId: () => auth.isValidDeviceId('device-1'),
    createUser: () => auth.createUser({ email: 'anna@example.com', displayName: 'Anna' }, 'token-1', 'device-1'),
    addUser: () => auth.addUser({ email: 'anna@example.com', forwarded: { inviteToken: 'i-1' } }, 'Anna', 'device-1'),
    isValidLink: () =>
      auth.isValidLink({ email: 'a@x.com', uuid: 'u-1', signature: 's', timestamp: '1', domain: 'acme', userName: 'a', displayName: 'A' }),
    ssoLogin: () => auth.ssoLogin({ source: 'google', idToken: 'id-token', deviceId: 'device-1', longLived: false }),
    organisationsOfNetwork: () => organisations.organisationsOfNetwork(),
    isTokenAccepted: () => organisations.isTokenAccepted('acme', 'token'),
    performBookingAction: () => reservations.performBookingAction({ token: 'extend-ok', userAction: 'retain' }),
  };

  function duringRequest(forwardedFor: string) {
    requestHeaders.mockResolvedValue(new Headers({ 'x-forwarded-for': forwardedFor }) as never);
  }

  it('is tried on every call the backend modules export', () => {
    const exported = [auth, organisations, reservations].flatMap((module) =>
      Object.entries(module)
        .filter(([, value]) => typeof value === 'function')
        .map(([name]) => name),
    );
    expect(exported.sort()).toEqual(Object.keys(callKinds).sort());
  });

  it.each(Object.keys(callKinds))('%s forwards the address nginx saw, and only that one', async (kind) => {
    duringRequest('203.0.113.66, 198.51.100.4');
    answer(200, {});
    await callKinds[kind]!();
    expect(sentRequest().headers.get('x-forwarded-for')).toBe('198.51.100.4');
  });

  it.each(Object.keys(callKinds))('%s forwards no address outside a request', async (kind) => {
    answer(200, {});
    await callKinds[kind]!();
    expect(sentRequest().headers.has('x-forwarded-for')).toBe(false);
  });

  it.each(['203.0.113.66, ', '203.0.113.66, garbage', '203.0.113.66, 198.51.100.4:443'])(
    'forwards nothing, and never a left entry, when nginx\'s own entry of %j is unusable',
    async (forwardedFor) => {
      duringRequest(forwardedFor);
      answer(200, { uuid: 'u-1' });
      await callBackend({ path: '/thing' }, uuidAnswer);
      expect(sentRequest().headers.has('x-forwarded-for')).toBe(false);
    },
  );
});
