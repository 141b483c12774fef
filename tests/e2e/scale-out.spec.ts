import { randomUUID } from 'node:crypto';
import { expect, test, type BrowserContext } from '@playwright/test';
import { latestSignInLink, uniqueAddress } from './support/backend.ts';
import { DEDICATED_HTTP_PORTS, DEDICATED_HTTPS_PORTS, documentsOnlyBrowser, startDeployment, type Deployment, type Forwarded } from './support/dedicated-deployment.ts';
import { testPort } from './support/environment.ts';
import { ASSET_CONTENT_SECURITY_POLICY, STATIC_SECURITY_HEADERS } from '../../lib/platform/pages/security-headers.ts';
import { continueWithCode } from './support/sign-in.ts';

/**
 * Stateless scale-out: two instances behind nginx in round robin, sharing nothing but
 * SESSION_SECRET, as one deployment does. nginx runs one worker and serves this spec alone, so
 * its round robin strictly alternates; the browser runs without JavaScript and fetches no
 * subresources from the app, so every request that reaches an instance is a step of the flow.
 * The browser names each step with an X-Request-Id of its own; nginx's access log pairs it with
 * the id nginx hands the app and the instance that served it, and the app's log lines say what
 * happened under that id.
 */

const APP_PORTS = [testPort(4471), testPort(4472)];

let deployment: Deployment;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  deployment = await startDeployment('scale-out', { httpsPort: DEDICATED_HTTPS_PORTS.scaleOut, httpPort: DEDICATED_HTTP_PORTS.scaleOut, appPorts: APP_PORTS });
});

test.afterAll(async () => {
  await deployment?.stop();
});

/** Names the requests that follow, until the next step, with a request id of their own. */
async function step(context: BrowserContext): Promise<string> {
  const stepId = randomUUID();
  await context.setExtraHTTPHeaders({ 'x-request-id': stepId });
  return stepId;
}

/** The port of the instance that logged `message` for a request of this step. */
function instanceThatLogged(step: string, message: string, fields: Record<string, unknown> = {}): number {
  const requestIds = new Set(deployment.forwarded().filter((entry) => entry.clientRequestId === step).map((entry) => entry.requestId));
  const found = deployment.instances.filter((instance) =>
    instance.logLines().some(
      (line) => requestIds.has(line.requestId ?? '') && line.msg === message && Object.entries(fields).every(([key, value]) => line[key] === value),
    ),
  );
  expect(found.map((instance) => instance.port), `"${message}" ${JSON.stringify(fields)} logged once, by one instance`).toHaveLength(1);
  return found[0]!.port;
}

function portOf(forwarded: Forwarded): number {
  return Number(forwarded.upstream.split(':').at(-1));
}

/** Every request of the flow went to the other instance than the one before it. */
function expectAlternation(forwarded: Forwarded[]) {
  const ports = forwarded.filter((entry) => entry.path.startsWith('/login')).map(portOf);
  expect(ports.length).toBeGreaterThanOrEqual(3);
  expect(new Set(ports)).toEqual(new Set(APP_PORTS));
  ports.slice(1).forEach((port, index) => expect(port, `request ${index + 2} of ${ports.join(', ')}`).not.toBe(ports[index]));
}

/** nginx's address, with the deployment's host in Host (the request context has no resolver rules). */
const NGINX = `https://127.0.0.1:${DEDICATED_HTTPS_PORTS.scaleOut}`;

function acmeHere(): string {
  return `${deployment.origin.replace('//web.', '//acme.')}/`;
}

test('e-mail sign-in: link request, mail-sent view, link and status polls each land on the other instance, and it completes', async ({ browser, request }) => {
  const seen = deployment.forwarded().length;
  const context = await documentsOnlyBrowser(browser, deployment);
  const page = await context.newPage();
  const email = uniqueAddress('anna@acme.test');

  await step(context);
  await page.goto(`${deployment.origin}/login/en`);
  await page.getByLabel('Work e-mail').fill(email);
  const linkRequest = await step(context);
  await page.getByRole('button', { name: 'Send sign-in link' }).click();
  // The view reads the sealed emailSignIn cookie: it opens on the other instance than the one that sealed it.
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();

  // What the mail-sent view's script asks every 5 s, asked by this browser in a tab of its own.
  const statusTab = await context.newPage();
  const poll = async () => {
    const stepId = await step(context);
    const response = await statusTab.goto(`${deployment.origin}/login/api/email-sign-in/status`);
    return { stepId, status: (await response!.json()) as { state: string; location?: string } };
  };
  const pending = await poll();
  expect(pending.status.state).toBe('pending');

  // The link opened on a phone, through the same deployment.
  const phone = await documentsOnlyBrowser(browser, deployment);
  const phonePage = await phone.newPage();
  const mailed = new URL(await latestSignInLink(request, email));
  await step(phone);
  await phonePage.goto(new URL(`${mailed.pathname}${mailed.search}`, deployment.origin).toString());
  const linkOpened = await step(phone);
  // Not the browser that asked: the person confirms that it was them, and is shown the code for the browser that asked.
  await phonePage.getByRole('button', { name: 'Yes, sign me in' }).click();
  const code = (await phonePage.getByTestId('link-code').textContent()) ?? '';
  await phonePage.getByRole('link', { name: 'Continue here' }).click();
  await expect(phonePage).toHaveURL(acmeHere());
  await phone.close();

  // Noticed once the instance's last check is older than the coalescing window; then the view asks for the code.
  await expect.poll(async () => (await poll()).status, { intervals: [1_000], timeout: 10_000 }).toEqual({ state: 'code-needed' });
  await page.goto(`${deployment.origin}/login/en/mail-sent`);
  const codeTyped = await step(context);
  await continueWithCode(page, code);
  await expect(page).toHaveURL(acmeHere());
  await context.close();

  const flow = deployment.forwarded().slice(seen);
  expectAlternation(flow);
  const requested = instanceThatLogged(linkRequest, 'email sign-in requested', { outcome: 'link-sent' });
  const mailSentView = flow.find((entry) => entry.clientRequestId === linkRequest && entry.path === '/login/en/mail-sent');
  expect(mailSentView?.status).toBe(200);
  expect(portOf(mailSentView!), 'the mail-sent view').not.toBe(requested);
  // Every request that opened the sealed emailSignIn cookie, by instance: both took part.
  const readers = [
    portOf(mailSentView!),
    instanceThatLogged(pending.stepId, 'backend call', { path: '/api/v1/flw/auth/:uuid/isValidId/' }),
    instanceThatLogged(codeTyped, 'email sign-in completed'),
  ];
  expect(new Set(readers)).toEqual(new Set(APP_PORTS));
  instanceThatLogged(linkOpened, 'sign-in link opened', { outcome: 'signed-in' });
});

for (const { provider, button } of [
  { provider: 'google', button: 'Sign in with Google' },
  { provider: 'microsoft', button: 'Sign in with Microsoft' },
]) {
  test(`${provider} sign-in: started on one instance, returned to the other, and it completes`, async ({ browser }) => {
    const seen = deployment.forwarded().length;
    const context = await documentsOnlyBrowser(browser, deployment);
    const page = await context.newPage();

    await step(context);
    await page.goto(`${deployment.origin}/login/en`);
    const start = await step(context);
    await page.getByRole('link', { name: button }).click();
    await expect(page).toHaveTitle(/Local identity provider/);
    const back = await step(context);
    await page.getByRole('button', { name: /sso-one@acme\.test/ }).click();
    await expect(page).toHaveURL(acmeHere());
    const cookies = (await context.cookies(acmeHere())).map((cookie) => cookie.name);
    expect(cookies).toEqual(expect.arrayContaining(['loginUUID', 'flwSubDomain', 'acmeAccessToken']));
    await context.close();

    expectAlternation(deployment.forwarded().slice(seen));
    const started = instanceThatLogged(start, 'sso start', { provider, outcome: 'to-provider' });
    // The return opens the __Host-ssoFlow cookie (state, nonce, PKCE verifier) sealed by the other instance.
    const returned = instanceThatLogged(back, 'sso return', { provider, outcome: 'organisation' });
    expect(returned).not.toBe(started);
  });
}

/** How each kind of the page's build files is typed, by its extension. */
const TYPE_OF_FILE: Record<string, RegExp> = { css: /^text\/css;/, js: /^application\/javascript;/, svg: /^image\/svg\+xml\b/ };

test("a page's build files are nginx's own: each answers 200 with what the app sends with it, and none reaches an instance", async ({ request }) => {
  const host = new URL(deployment.origin).host;
  const stepId = randomUUID();
  const headers = { host, 'x-request-id': stepId };
  const seen = deployment.forwarded().length;
  const page = await request.get(`${NGINX}/login/en`, { headers });
  expect(page.status()).toBe(200);
  const files = [...new Set([...(await page.text()).matchAll(/(?:src|href)="(\/login\/_next\/static\/[^"]+)"/g)].map((match) => match[1]!))];
  expect(files.filter((file) => file.endsWith('.js')).length).toBeGreaterThan(1);
  expect(files.filter((file) => file.endsWith('.css'))).toHaveLength(1);
  // The icon is one of them: a browser's every page load asked an instance for it, when its name stayed the same from release to release.
  expect((await page.text()).match(/<link rel="icon" href="([^"]+)"/)?.[1]).toMatch(/^\/login\/_next\/static\/media\/[\w.-]+\.svg$/);
  expect(files.filter((file) => file.endsWith('.svg'))).toHaveLength(1);

  const expected: Record<string, string> = {
    'cache-control': 'public, max-age=31536000, immutable',
    'content-security-policy': ASSET_CONTENT_SECURITY_POLICY,
    ...Object.fromEntries(Object.entries(STATIC_SECURITY_HEADERS).map(([name, value]) => [name.toLowerCase(), value])),
  };
  for (const file of files) {
    const served = await request.get(`${NGINX}${file}`, { headers: { ...headers, 'accept-encoding': 'gzip' } });
    // What the app itself sends with the same file, asked directly.
    const fromApp = await request.get(`http://127.0.0.1:${APP_PORTS[0]}${file}`, { headers: { host, 'x-forwarded-proto': 'https' } });
    expect([served.status(), fromApp.status()], file).toEqual([200, 200]);
    for (const [name, value] of Object.entries(expected)) {
      expect(fromApp.headers()[name], `${file}: ${name} from the app`).toBe(value);
      expect(served.headers()[name], `${file}: ${name} from nginx`).toBe(value);
    }
    expect(served.headers()['content-type']?.toLowerCase(), file).toBe(fromApp.headers()['content-type']?.toLowerCase());
    expect(served.headers()['content-type'], file).toMatch(TYPE_OF_FILE[file.slice(file.lastIndexOf('.') + 1)] ?? /^$/);
    expect(served.headers()['content-encoding'], file).toBe((await fromApp.body()).length >= 1024 ? 'gzip' : undefined);
    expect((await served.body()).equals(await fromApp.body()), `${file}: the very file`).toBe(true);
  }

  const ofThisStep = () => deployment.forwarded().slice(seen).filter((entry) => entry.clientRequestId === stepId);
  // nginx writes a line once its answer is sent, which the client may have read first.
  await expect.poll(() => ofThisStep().length).toBe(files.length + 1);
  const forwarded = ofThisStep();
  // The control: the page itself reached an instance.
  expect(forwarded.find((entry) => entry.path === '/login/en')?.upstream).toMatch(/^127\.0\.0\.1:\d+$/);
  const fileRequests = forwarded.filter((entry) => entry.path.startsWith('/login/_next/static/'));
  expect(fileRequests.map((entry) => [entry.path, entry.status, entry.upstream])).toEqual(files.map((file) => [file, 200, '-']));
});
