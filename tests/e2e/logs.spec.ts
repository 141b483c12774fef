import { createHash, randomBytes } from 'node:crypto';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { providerIds } from '../../lib/vocabulary/providers.ts';
import { backendCalls, latestSignInLink, uniqueAddress } from './support/backend.ts';
import { DEDICATED_HTTP_PORTS, DEDICATED_HTTPS_PORTS, startDeployment, type Deployment, type LogLine } from './support/dedicated-deployment.ts';
import { HTTPS_PORT, testPort } from './support/environment.ts';

/**
 * What the server writes while people sign in: JSON lines with a request id, and not one
 * address, link secret, code, token or cookie. The app runs as its own deployment here (one
 * instance, its own nginx) so that its output is this spec's alone; the browser goes through
 * nginx exactly as in the rest of the suite.
 */

const SSO_ACCOUNT = 'sso-one@acme.test';

let deployment: Deployment;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  deployment = await startDeployment('logs', { httpsPort: DEDICATED_HTTPS_PORTS.logs, httpPort: DEDICATED_HTTP_PORTS.logs, appPorts: [testPort(4461)] });
});

test.afterAll(async () => {
  await deployment?.stop();
});

/** Every value of a secret kind the browser saw: cookies of every host, and sign-in query parameters. */
class SecretsSeen {
  readonly values = new Map<string, string>();

  add(what: string, value: string | null | undefined) {
    if (value && !this.values.has(value)) this.values.set(value, what);
  }

  watch(page: Page) {
    page.on('request', (request) => {
      const url = new URL(request.url());
      for (const name of ['code', 'state', 'token', 'uuid', 'signature', 'email', 'login_hint']) {
        this.add(`${name} in ${url.pathname}`, url.searchParams.get(name));
      }
    });
  }

  async addCookies(context: BrowserContext) {
    // One-letter and two-letter values ("en") say nothing and are everywhere in JSON; nor does the
    // method last used ("email", "google"), which the logs name as the flow's provider.
    for (const cookie of await context.cookies()) {
      if (cookie.value.length >= 4 && cookie.name !== '__Host-lastSignInMethod') this.add(`cookie ${cookie.name}`, cookie.value);
    }
  }
}

test('an e-mail sign-in and a Google and a Microsoft sign-in log JSON lines with request ids, and no secret', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const secrets = new SecretsSeen();
  const callsBefore = (await backendCalls(request)).length;
  const origin = deployment.origin;
  const acmeHere = `${origin.replace('//web.', '//acme.')}/`;
  secrets.add('SSO account', SSO_ACCOUNT);

  // E-mail: the link opened in a second tab; the waiting tab follows.
  const email = uniqueAddress('anna@acme.test');
  secrets.add('address typed', email);
  const mail = await browser.newContext({ ignoreHTTPSErrors: true });
  const waiting = await mail.newPage();
  secrets.watch(waiting);
  await waiting.goto(`${origin}/login/en`);
  await waiting.getByLabel('Work e-mail').fill(email);
  await waiting.getByRole('button', { name: 'Send sign-in link' }).click();
  await expect(waiting.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  // The mailed link names the suite's host; the same path and query, opened on this deployment.
  const mailed = new URL(await latestSignInLink(request, email));
  const link = new URL(`${mailed.pathname}${mailed.search}`, origin);
  for (const name of ['uuid', 'signature']) secrets.add(`link ${name}`, link.searchParams.get(name));
  const linkTab = await mail.newPage();
  secrets.watch(linkTab);
  await linkTab.goto(link.toString());
  await expect(linkTab).toHaveURL(acmeHere);
  await expect(waiting).toHaveURL(acmeHere, { timeout: 10_000 });
  await secrets.addCookies(mail);
  await mail.close();

  // Google and Microsoft through their buttons, as a person does.
  for (const button of ['Sign in with Google', 'Sign in with Microsoft']) {
    const context = await browser.newContext({ ignoreHTTPSErrors: true });
    const page = await context.newPage();
    secrets.watch(page);
    await page.goto(`${origin}/login/en`);
    await page.getByRole('link', { name: button }).click();
    await page.getByRole('button', { name: new RegExp(SSO_ACCOUNT.replace('.', '\\.')) }).click();
    await expect(page).toHaveURL(acmeHere);
    await secrets.addCookies(context);
    await context.close();
  }

  // An app receives a one-time code in its redirect_uri and redeems it for the token.
  const app = await browser.newContext({ ignoreHTTPSErrors: true });
  const appPage = await app.newPage();
  secrets.watch(appPage);
  const callback = `https://cc.desk.test:${HTTPS_PORT}/sso/callback`;
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  secrets.add('code_verifier', verifier);
  await appPage.goto(
    `${origin}/login/start-microsoft?${new URLSearchParams({ lang: 'en', login_hint: SSO_ACCOUNT, redirect_uri: callback, code_challenge: challenge, code_challenge_method: 'S256' })}`,
  );
  await expect(appPage).toHaveURL(/\/sso\/callback\?code=[^&]+$/);
  const redeemed = await request.post(`https://127.0.0.1:${DEDICATED_HTTPS_PORTS.logs}/login/api/sso/token`, {
    headers: { host: new URL(origin).host },
    form: { code: new URL(appPage.url()).searchParams.get('code') ?? '', code_verifier: verifier },
  });
  secrets.add('token redeemed by the app', ((await redeemed.json()) as { token?: string }).token);
  await secrets.addCookies(app);
  await app.close();

  // The ID tokens the app passed to ssoLogin, and the tokens the backend answered with.
  for (const call of (await backendCalls(request)).slice(callsBefore)) {
    if (call.path.endsWith('/ssoLogin')) secrets.add('ID token', String(call.body?.token ?? ''));
  }
  // The test itself saw each kind of secret, or it would prove nothing about it.
  const kinds = [...secrets.values.values()];
  const expectedKinds = ['address typed', 'SSO account', 'link uuid', 'link signature', 'code in /login/google', 'code in /login/microsoft'];
  expectedKinds.push('ID token', 'code in /sso/callback', 'code_verifier', 'token redeemed by the app', 'cookie loginUUID', 'cookie __Host-lastLogin', 'cookie __Host-deviceBinding', 'cookie acmeAccessToken', 'cookie currentUser');
  expect(expectedKinds.filter((kind) => !kinds.includes(kind))).toEqual([]);

  const [instance] = deployment.instances;
  const output = instance!.output();

  const text = output.join('\n');
  const leaked = [...secrets.values].filter(([value]) => text.includes(value) || text.includes(encodeURIComponent(value)));
  expect(leaked.map(([, what]) => what), 'secrets found in the output').toEqual([]);

  // Next's server.js prints a few plain lines of its own while it starts; those are let through
  // by their exact shape. Every other line must be JSON with a request id.
  const nextStartup = /^(▲ Next\.js [\d.]+|- (Local|Network): +http:\/\/[\d.:]+|✓ (Starting\.\.\.|Ready in \d+m?s|Running next\.config took \d+m?s))$/;
  const ours = output.filter((line) => !nextStartup.test(line.trim()));
  expect(output.length - ours.length, 'Next\'s start-up lines').toBeLessThanOrEqual(6);
  // What an administrator must still configure, said once at start-up: here the local provider's
  // multi-tenant authority with no tenant list (docs/identity-providers.md).
  const startup = ours.filter((line) => line.includes('"startup":true'));
  expect(startup.map((line) => (JSON.parse(line) as LogLine).msg)).toEqual([
    expect.stringMatching(/^MICROSOFT_AUTHORITY admits any tenant \(organizations\).*xms_edov.*MICROSOFT_TENANT_IDS/),
    // Where this instance keeps what the fleet shares: here, nowhere but its own memory.
    'REDIS_URL is not set: sign-in limits and one-time codes are kept per process, which holds for one instance only',
  ]);
  expect((JSON.parse(startup[0]!) as { level: number }).level, 'a warning').toBe(40);
  for (const line of ours.filter((entry) => !startup.includes(entry))) {
    let parsed: LogLine | undefined;
    try {
      parsed = JSON.parse(line) as LogLine;
    } catch {
      parsed = undefined;
    }
    expect(parsed, `a line that is not JSON: ${line}`).toBeDefined();
    expect(parsed?.requestId, `a line without a request id: ${line}`).toEqual(expect.any(String));
  }

  const logged = instance!.logLines();
  const one = (predicate: (line: LogLine) => boolean, what: string) => {
    const found = logged.find(predicate);
    expect(found, `a line for ${what}`).toBeDefined();
    return found!;
  };
  const requested = one((line) => line.msg === 'email sign-in requested' && line.outcome === 'link-sent', 'the link request');
  const verifyUser = one((line) => line.msg === 'backend call' && line.path === '/api/v1/flw/auth/:email/verifyUser', 'verifyUser');
  expect(verifyUser.requestId, 'the form post and its backend call share one request id').toBe(requested.requestId);
  one((line) => line.msg === 'backend call' && line.path === '/api/v1/flw/auth/isValidLink' && line.outcome === 'ok', 'isValidLink');
  one((line) => line.msg === 'backend call' && line.path === '/api/v1/flw/auth/:uuid/isValidId/', 'isValidId');
  one((line) => line.msg === 'sign-in link opened' && line.outcome === 'signed-in', 'the opened link');
  one((line) => line.msg === 'arrival' && line.decision === 'show-login', 'the arrival');
  for (const provider of providerIds) {
    const start = one((line) => line.msg === 'sso start' && line.provider === provider && line.outcome === 'to-provider', `${provider} start`);
    const back = one((line) => line.msg === 'sso return' && line.provider === provider && line.outcome === 'organisation', `${provider} return`);
    expect(back.requestId, 'start and return are two requests').not.toBe(start.requestId);
    one((line) => line.msg === 'backend call' && line.path === '/api/v1/flw/auth/ssoLogin' && line.requestId === back.requestId, `${provider} ssoLogin`);
  }

});
