import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unknownSegments, warmUp, warmUpPaths } from '@/dev/warm-up';

/** `npm run dev`'s warm-up (dev/warm-up.ts): every route of app/ asked for once, so that none compiles on a person's first visit. */

describe('the warm-up of npm run dev', () => {
  const paths = warmUpPaths('app');

  it('asks for every page and route handler of app/, the login page first, with a value for every dynamic segment', () => {
    expect(unknownSegments('app')).toEqual([]);
    // The login page as most browsers get it, then as the server renders it: the page "Send sign-in link" posts to.
    expect(paths.slice(0, 2)).toEqual(['/en', '/en?error=user-close']);
    expect(paths).toEqual(expect.arrayContaining(['/en/mail-sent', '/en/signup', '/en/validatelink', '/en/google/open-app', '/en/google/organisations', '/start-google', '/google', '/api/email-sign-in/status']));
    expect(paths.filter((path) => path.includes('['))).toEqual([]);
    // The login's prerendered variant is reached through /en (proxy.ts), never by its own path.
    expect(paths.filter((path) => path.includes('as-last-used'))).toEqual([]);
  });

  it('knows when app/ gains a dynamic segment it has no value for', () => {
    const app = mkdtempSync(join(tmpdir(), 'warm-up-'));
    mkdirSync(join(app, '[lang]', '[colour]'), { recursive: true });
    writeFileSync(join(app, '[lang]', '[colour]', 'page.tsx'), '');
    expect(unknownSegments(app)).toEqual(['[colour]']);
    rmSync(app, { recursive: true });
  });

  describe('against a gateway that is still starting', () => {
    let server: Server;
    const asked: string[] = [];
    beforeAll(async () => {
      let starting = 2;
      server = createServer((request, response) => {
        asked.push(`${request.headers.host} ${request.url}`);
        response.writeHead(starting-- > 0 ? 502 : 200).end();
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    });
    afterAll(() => new Promise((resolve) => server.close(resolve)));

    it('waits until the first route answers, then asks for each route once', async () => {
      const { port } = server.address() as AddressInfo;
      const result = await warmUp({ gatewayPort: port, host: 'web.desk.localhost:4700', paths: ['/en', '/en/mail-sent'] });
      expect(result.routes).toBe(2);
      expect(asked).toEqual(['web.desk.localhost:4700 /login/en', 'web.desk.localhost:4700 /login/en', 'web.desk.localhost:4700 /login/en', 'web.desk.localhost:4700 /login/en/mail-sent']);
    });
  });
});
