import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { handleLandingPage } from '@/dev/backend/landing-page';

/**
 * The development stand-in for the organisation's web app (dev/backend/landing-page.ts): it says
 * "Signed in" only with the organisation's token, and its Sign out does what the web app's does
 * (docs/product.md, Signing out): its own cookies expire, and the login is told with `?from=web`.
 */

let server: Server;
let port: number;

beforeAll(async () => {
  server = createServer((req, res) => handleLandingPage(req, res, new URL(req.url ?? '/', `http://${req.headers.host}`)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function send(method: string, path: string, cookie: string): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const sent = request({ host: '127.0.0.1', port, method, path, agent: false, headers: { host: 'acme.desk.localhost:3000', cookie } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    sent.on('error', reject);
    sent.end();
  });
}

const signedIn = 'acmeAccessToken=dev-token-anna; flwSubDomain=acme; currentUser=anna%40acme.test; sharedJWT=jwt; loginUUID=device-1';

describe('the stand-in organisation page', () => {
  it('says signed in with the organisation\'s token, and offers to sign out', async () => {
    const page = await send('GET', '/', signedIn);
    expect(page.body).toContain('<h1>Signed in to Acme Corporation</h1>');
    expect(page.body).toMatch(/<form method="post" action="\/sign-out">\s*<button[^>]*>Sign out<\/button>/);
  });

  it('says not signed in without it, whatever else the browser still sends', async () => {
    const page = await send('GET', '/', 'flwSubDomain=acme; globexAccessToken=dev-token-anna');
    expect(page.body).toContain('<h1>Not signed in to Acme Corporation</h1>');
    expect(page.body).not.toContain('Sign out');
  });

  it('signs out as the web app does: its cookies expire on the parent domain, the remembered organisation and the login\'s own stay, and the login is told', async () => {
    const answer = await send('POST', '/sign-out', signedIn);
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe('/login?from=web');
    const expired = (answer.headers['set-cookie'] ?? []).map((line) => line.split(';').map((part) => part.trim()));
    expect(expired.map(([pair]) => pair)).toEqual(['acmeAccessToken=', 'currentUser=', 'sharedJWT=']);
    for (const attributes of expired) expect(attributes.slice(1)).toEqual(expect.arrayContaining(['Domain=desk.localhost', 'Path=/', 'Max-Age=0', 'Secure', 'SameSite=Lax']));
  });

  it('signs out by a form post only: a link a mail scanner follows signs nobody out', async () => {
    const answer = await send('GET', '/sign-out', signedIn);
    expect(answer.headers['set-cookie']).toBeUndefined();
    // Positive control: the page itself, as any other address of the stand-in.
    expect(answer.body).toContain('Signed in to Acme Corporation');
  });

  it('says when it was asked for, to the millisecond: when a browser asked, whenever it shows the page', async () => {
    const before = Date.now();
    const page = await send('GET', '/', signedIn);
    const after = Date.now();
    const servedAt = Date.parse(/<time data-testid="landing-served-at" datetime="([^"]+)">/.exec(page.body)?.[1] ?? '');
    expect(servedAt).toBeGreaterThanOrEqual(before);
    expect(servedAt).toBeLessThanOrEqual(after);
  });
});
