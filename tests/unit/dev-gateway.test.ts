import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { redeemCommand } from '@/dev/backend/mailbox';
import { createGateway } from '@/dev/gateway-proxy';
import { FORMER_METRICS_PATHS } from '../e2e/support/metrics-paths';

/**
 * The development gateway (dev/gateway.ts), nginx's stand-in: it refuses what nginx refuses, and
 * a request the browser gave up on is no failure of the app behind it.
 */

type Listening = { server: Server; port: number };

function listen(handler: (request: IncomingMessage, response: import('node:http').ServerResponse) => void): Promise<Listening> {
  const server = createServer(handler);
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as AddressInfo).port })));
}

function close({ server }: Listening): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

/** A request with its path exactly as written: fetch would tidy `//`, `..` and `\` first. */
function rawGet(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const sent = request({ host: '127.0.0.1', port, path, agent: false, headers: { host: 'web.desk.localhost' } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    sent.on('error', reject);
    sent.end();
  });
}

describe('the development gateway', () => {
  const seen: string[] = [];
  let held: (() => void) | undefined;
  let app: Listening;
  let gateway: Listening;
  const logged: string[] = [];

  beforeAll(async () => {
    // The app: answers at once, except /login/slow, which it holds until the client has gone.
    app = await listen((incoming, response) => {
      seen.push(incoming.url ?? '');
      if (incoming.url === '/login/slow') {
        response.on('close', () => held?.());
        return;
      }
      response.writeHead(200, { 'content-type': 'text/plain' }).end('the app\n');
    });
    const { handleRequest } = createGateway({
      gatewayPort: 0,
      devDomain: 'desk.localhost',
      loginApp: { name: 'the Next dev server', port: app.port },
      backend: { name: 'the dev backend', port: app.port },
      log: (line) => logged.push(line),
    });
    gateway = await listen(handleRequest);
  });

  afterAll(async () => {
    await close(gateway);
    await close(app);
  });

  beforeEach(() => {
    seen.length = 0;
    logged.length = 0;
  });

  it.each([...FORMER_METRICS_PATHS, '//login/api/metrics'])('refuses %s with a 404, as nginx does, without asking the app', async (path) => {
    const answer = await rawGet(gateway.port, path);
    expect(answer.status).toBe(404);
    expect(seen).toEqual([]);
  });

  it('passes on what nginx passes on: the health check, and a page whose name only begins like the metrics path', async () => {
    expect(await rawGet(gateway.port, '/login/api/health')).toEqual({ status: 200, body: 'the app\n' });
    expect((await rawGet(gateway.port, '/login/en/metrics')).status).toBe(200);
    expect(seen).toEqual(['/login/api/health', '/login/en/metrics']);
  });

  it('says nothing when the browser closed the request before the app answered: no 502 blaming the app', async () => {
    const appSawTheClose = new Promise<void>((resolve) => (held = resolve));
    const sent = request({ host: '127.0.0.1', port: gateway.port, path: '/login/slow', agent: false, headers: { host: 'web.desk.localhost' } });
    sent.on('error', () => undefined);
    sent.end();
    await new Promise<void>((resolve) => {
      const waitForApp = setInterval(() => {
        if (seen.includes('/login/slow')) {
          clearInterval(waitForApp);
          resolve();
        }
      }, 5);
    });
    sent.destroy();
    await appSawTheClose;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(logged).toEqual([]);
  });

  it('positive control: an app that is not there is a 502, logged with the app\'s name and the error', async () => {
    const gone = await listen(() => undefined);
    await close(gone);
    const { handleRequest } = createGateway({
      gatewayPort: 0,
      devDomain: 'desk.localhost',
      loginApp: { name: 'the Next dev server', port: gone.port },
      backend: { name: 'the dev backend', port: gone.port },
      log: (line) => logged.push(line),
    });
    const lonely = await listen(handleRequest);
    try {
      expect((await rawGet(lonely.port, '/login/en')).status).toBe(502);
      expect(logged).toEqual(['GET /login/en 502 (the Next dev server: ECONNREFUSED)']);
    } finally {
      await close(lonely);
    }
  });
});

describe('the sample app\'s openings (issue 49: a browser cannot open deskbooking://)', () => {
  it('hands on each address the login app sends the browser to on the sample app\'s scheme, by redirect or by a script\'s action; no web address', async () => {
    const answers: Record<string, Record<string, string>> = {
      '/login/en/google/open-app/no-script': { location: 'deskbooking://sso/done?code=first' },
      '/login/en/google/open-app/script': { 'x-action-redirect': 'deskbooking://sso/done?code=second;push' },
      '/login/en/organisation': { location: 'http://acme.desk.localhost:3000/?code=web' },
      '/other': { location: 'deskbooking://sso/done?code=from-the-backend' },
    };
    const app = await listen((incoming, response) => response.writeHead(303, answers[incoming.url ?? ''] ?? {}).end());
    const opened: string[] = [];
    const { handleRequest } = createGateway({
      gatewayPort: 0,
      devDomain: 'desk.localhost',
      loginApp: { name: 'the Next dev server', port: app.port },
      backend: { name: 'the dev backend', port: app.port },
      log: () => undefined,
      sampleApp: { redirectUris: ['deskbooking://sso'], opened: (address) => opened.push(address) },
    });
    const gateway = await listen(handleRequest);
    try {
      for (const path of Object.keys(answers)) expect((await rawGet(gateway.port, path)).status).toBe(303);
      expect(opened).toEqual(['deskbooking://sso/done?code=first', 'deskbooking://sso/done?code=second']);
    } finally {
      await close(gateway);
      await close(app);
    }
  });

  it('gives the mailbox a command that redeems the code with the sample app\'s verifier', () => {
    expect(redeemCommand('deskbooking://sso/done?code=a.b-c_d', 'http://web.desk.localhost:3000')).toBe(
      "curl -s -d 'code=a.b-c_d&code_verifier=npm-run-dev-sample-app-code-verifier-0000000000' http://web.desk.localhost:3000/login/api/sso/token",
    );
  });
});

describe('the production build', () => {
  /** Every source file of the app as it is built: what `npm run build` compiles. */
  function sources(directory: string): string[] {
    return readdirSync(directory).flatMap((name) => {
      const path = join(directory, name);
      return statSync(path).isDirectory() ? sources(path) : /\.(ts|tsx|mjs)$/.test(name) ? [path] : [];
    });
  }

  it('has no route or code of the sample app\'s development mailbox (issue 49): it lives in dev/ alone', () => {
    const built = [...sources('app'), ...sources('components'), ...sources('lib'), 'proxy.ts', 'next.config.mjs', 'instrumentation.ts'];
    // The control: the same reader finds the mailbox's hook where it lives.
    expect(readFileSync('dev/backend/test-hooks.ts', 'utf8')).toContain('/__dev/app-openings');
    expect(built.filter((file) => /__dev|app-openings|mailbox/.test(readFileSync(file, 'utf8')))).toEqual([]);
  });
});
