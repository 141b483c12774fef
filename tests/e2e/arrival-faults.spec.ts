import type { ChildProcess } from 'node:child_process';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer as createTcpServer, type Server as TcpServer } from 'node:net';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { storedLastLogin } from './support/sign-in.ts';
import { startStandaloneApp } from './support/standalone-app.ts';
import { DOMAIN, HTTPS_PORT, organisationOrigin, testPort } from './support/environment.ts';

/**
 * Arrival with a stored sign-in while the backend misbehaves. A second app instance (same
 * secret, as in one deployment) is pointed at a backend made for the case; the first instance
 * and the real topology give it a genuine lastLogin cookie.
 */

const APP_PORT = testPort(4320);
const BACKEND_PORT = testPort(4321);

type Backend = { close(): void };

const backends: Record<string, () => Backend> = {
  down: () => ({ close: () => undefined }),
  'slower than the timeout': () => {
    const server: TcpServer = createTcpServer(() => undefined).listen(BACKEND_PORT, '127.0.0.1');
    return { close: () => server.close() };
  },
  'answering 500': () => {
    const server: HttpServer = createHttpServer((_request, response) => response.writeHead(500).end('<h1>oops</h1>')).listen(BACKEND_PORT, '127.0.0.1');
    return { close: () => server.close() };
  },
  'answering nonsense': () => {
    const server: HttpServer = createHttpServer((_request, response) =>
      response.writeHead(200, { 'content-type': 'text/html' }).end('<html>captive portal</html>'),
    ).listen(BACKEND_PORT, '127.0.0.1');
    return { close: () => server.close() };
  },
};

let app: ChildProcess;
let lastLogin: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  lastLogin = await storedLastLogin(browser);

  app = await startStandaloneApp({ port: APP_PORT, backendUrl: `http://127.0.0.1:${BACKEND_PORT}` });
});

test.afterAll(() => {
  app?.kill('SIGKILL');
});

/** As nginx forwards it: the public Host, https, and the browser's cookie. */
function arrive(request: APIRequestContext) {
  return request.get(`http://127.0.0.1:${APP_PORT}/login/en`, {
    headers: { host: `web.${DOMAIN}:${HTTPS_PORT}`, 'x-forwarded-proto': 'https', cookie: `__Host-lastLogin=${lastLogin}` },
    maxRedirects: 0,
    timeout: 10_000,
  });
}

test('with a backend that accepts the token, the same stored sign-in is followed', async ({ request }) => {
  const server = createHttpServer((request, response) => {
    const accepted = request.url === '/api/v1/flw/users/me' && request.headers.authorization?.startsWith('Bearer ');
    response.writeHead(accepted ? 200 : 404, { 'content-type': 'application/json' }).end(accepted ? '{}' : '{"code":"NOT_FOUND"}');
  }).listen(BACKEND_PORT, '127.0.0.1');
  try {
    const response = await arrive(request);
    expect(response.status()).toBe(303);
    expect(response.headers().location).toBe(`${organisationOrigin('acme')}/`);
  } finally {
    server.close();
  }
});

for (const [fault, makeBackend] of Object.entries(backends)) {
  test(`a backend ${fault} on arrival: the login page, within the 1.5 s budget`, async ({ request }) => {
    const backend = makeBackend();
    try {
      const started = Date.now();
      const response = await arrive(request);
      const elapsed = Date.now() - started;
      expect(response.status()).toBe(200);
      expect(await response.text()).toContain('Send sign-in link');
      expect(elapsed).toBeLessThan(2_500);
    } finally {
      backend.close();
    }
  });
}
