import { connect as connectTcp } from 'node:net';
import { connect as connectTls } from 'node:tls';
import { expect, test, type APIRequestContext, type APIResponse } from '@playwright/test';
import { APP_PORTS, DOMAIN, HTTPS_PORT } from './support/environment.ts';

/**
 * What the server must not show a stranger (ASVS 5.0 V13.4, V3.4; SECURITY.md): the TRACE
 * method, the repository and the build's own files, directory listings, source maps, and
 * cross-origin read access. Asked through nginx as the public meets it, and where it matters of
 * the app itself, as nginx forwards to it.
 */

const NGINX = `https://127.0.0.1:${HTTPS_PORT}`;
const APP = `http://127.0.0.1:${APP_PORTS[0]}`;
const PUBLIC_HOST = `web.${DOMAIN}:${HTTPS_PORT}`;
const AT_NGINX = { host: PUBLIC_HOST };
const AT_APP = { host: PUBLIC_HOST, 'x-forwarded-proto': 'https' };

/** A request written on the wire, as no client library sends it (TRACE), and the whole answer until the server closes. */
function rawAnswer(target: 'nginx' | 'app', request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket =
      target === 'nginx'
        ? connectTls({ host: '127.0.0.1', port: HTTPS_PORT, servername: `web.${DOMAIN}`, rejectUnauthorized: false, ALPNProtocols: ['http/1.1'] }, () => socket.write(request))
        : connectTcp({ host: '127.0.0.1', port: APP_PORTS[0]! }, () => socket.write(request));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

/** The script files the login page loads from the build, by their path. */
async function scriptPaths(request: APIRequestContext): Promise<string[]> {
  const page = await request.get(`${NGINX}/login/en`, { headers: AT_NGINX });
  expect(page.status()).toBe(200);
  const paths = [...(await page.text()).matchAll(/<script[^>]*\bsrc="(\/login\/_next\/static\/[^"]+\.js)"/g)].map((match) => match[1]!);
  expect(paths.length).toBeGreaterThan(0);
  return paths;
}

test('TRACE is refused through nginx and by the app, and nothing of the request comes back', async () => {
  const marker = `trace-marker-${crypto.randomUUID()}`;
  const trace = (host: string) => `TRACE /login/en HTTP/1.1\r\nHost: ${host}\r\nx-forwarded-proto: https\r\nX-Probe: ${marker}\r\nCookie: loginUUID=${marker}\r\nConnection: close\r\n\r\n`;
  // The public meets nginx, which refuses the method itself.
  const refused = await rawAnswer('nginx', trace(PUBLIC_HOST));
  expect(refused).toMatch(/^HTTP\/1\.1 405 /);
  // Behind it, the app refuses the method too, rather than Next's bare 500 (deploy/assemble-standalone.mjs).
  const behind = await rawAnswer('app', trace(PUBLIC_HOST));
  expect(behind).toMatch(/^HTTP\/1\.1 405 /);
  for (const [target, answer] of [['nginx', refused], ['app', behind]] as const) {
    expect(answer, target).not.toContain(marker);
    // The control: the same request as a GET is answered with the page.
    const get = await rawAnswer(target, trace(PUBLIC_HOST).replace(/^TRACE/, 'GET'));
    expect(get, target).toMatch(/^HTTP\/1\.1 200 /);
  }
});

test('the repository, the settings and the build\'s own files are not served', async ({ request }) => {
  // Paths outside /login belong to the organisations' web app, not to this one.
  const paths = [
    '/login/.git/config', '/login/.git/HEAD', '/login/.env', '/login/.env.example', '/login/package.json',
    '/login/server.js', '/login/.next/BUILD_ID', '/login/_next/../package.json', '/login/_next/static/../../package.json', '/login/next.config.mjs',
    '/login/_next/server/app/en.html', '/login/_next/static/../../.git/config',
  ];
  for (const path of paths) {
    for (const [origin, headers] of [[NGINX, AT_NGINX], [APP, AT_APP]] as const) {
      const response = await request.get(`${origin}${path}`, { headers, maxRedirects: 0 });
      const context = `${origin}${path}: ${response.status()}`;
      expect([301, 302, 303, 307, 308, 400, 403, 404], context).toContain(response.status());
      expect(await response.text(), context).not.toMatch(/\[core\]|repositoryformatversion|ref: refs\/|SESSION_SECRET=|"dependencies"/);
    }
  }
  // The control: the files a page needs are served from the same build.
  for (const path of await scriptPaths(request)) expect((await request.get(`${NGINX}${path}`, { headers: AT_NGINX })).status(), path).toBe(200);
});

test('no folder of the build is listed, and no source map is served or named', async ({ request }) => {
  const scripts = await scriptPaths(request);
  const fileNames = scripts.map((path) => path.split('/').pop()!);
  const folders = [...new Set(scripts.map((path) => path.slice(0, path.lastIndexOf('/') + 1)))];
  for (const folder of ['/login/', '/login/_next/', '/login/_next/static/', ...folders]) {
    for (const [origin, headers] of [[NGINX, AT_NGINX], [APP, AT_APP]] as const) {
      const response = await request.get(`${origin}${folder}`, { headers, maxRedirects: 0 });
      const text = await response.text();
      const context = `${origin}${folder}: ${response.status()}`;
      expect(text, context).not.toMatch(/Index of|Directory listing/i);
      for (const name of fileNames) expect(text, context).not.toContain(name);
    }
  }
  for (const path of scripts) {
    const script = await request.get(`${NGINX}${path}`, { headers: AT_NGINX });
    // The control: the script itself is there.
    expect(script.status(), path).toBe(200);
    expect(await script.text(), path).not.toContain('sourceMappingURL');
    const map = await request.get(`${NGINX}${path}.map`, { headers: AT_NGINX, maxRedirects: 0 });
    expect(map.status(), `${path}.map`).toBe(404);
  }
});

/** Each kind of answer the app gives, as nginx passes it on. */
async function answersOfEveryKind(request: APIRequestContext, origin: string): Promise<[string, APIResponse][]> {
  const [script] = await scriptPaths(request);
  const headers = { ...AT_NGINX, origin };
  return [
    ['a page', await request.get(`${NGINX}/login/en`, { headers })],
    ['a redirect', await request.get(`${NGINX}/login`, { headers, maxRedirects: 0 })],
    ['a script of the build', await request.get(`${NGINX}${script}`, { headers })],
    ['a missing file of the build', await request.get(`${NGINX}/login/_next/static/chunks/nope.js`, { headers })],
    ['a dictionary', await request.get(`${NGINX}/login/locale/en.json`, { headers })],
    ['the status poll', await request.get(`${NGINX}/login/api/email-sign-in/status`, { headers })],
    ['health', await request.get(`${NGINX}/login/api/health`, { headers })],
    ['the app code exchange', await request.post(`${NGINX}/login/api/sso/token`, { headers, form: { grant_type: 'authorization_code', code: 'x', code_verifier: 'y'.repeat(43) } })],
    ['a preflight to it', await request.fetch(`${NGINX}/login/api/sso/token`, { method: 'OPTIONS', headers: { ...headers, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' } })],
  ];
}

test('no answer grants another origin read access, not even to the app code exchange', async ({ request }) => {
  for (const [kind, response] of await answersOfEveryKind(request, 'https://evil.example')) {
    // The control: each request reached what it asked for rather than an error page.
    expect(response.status(), kind).toBeLessThan(500);
    const names = Object.keys(response.headers());
    expect(names.filter((name) => name.startsWith('access-control-')), kind).toEqual([]);
  }
});

test('every kind of answer is unsniffed and refuses to be framed', async ({ request }) => {
  for (const [kind, response] of await answersOfEveryKind(request, `https://web.${DOMAIN}:${HTTPS_PORT}`)) {
    const headers = response.headers();
    expect(headers['x-content-type-options'], kind).toBe('nosniff');
    expect(headers['content-security-policy'] ?? '', kind).toMatch(/frame-ancestors 'none'/);
  }
});
