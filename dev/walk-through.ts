// The README's flows in Chromium against a running `npm run dev`, as a new colleague would try
// them: e-mail sign-in through the mailbox, sign-up, the error addresses, Google and Microsoft
// with the picker, and the office network. `npm run walk-through` (DEV_PORT as for `npm run
// dev`); it prints what failed, and what a person sees, nothing else. Measuring what the terminal
// of `npm run dev` printed meanwhile is left to the caller (docs/contributing.md).
import { request } from 'node:http';
import { chromium, type Page } from '@playwright/test';

const port = Number(process.env.DEV_PORT ?? 3000);
const login = `http://web.desk.localhost:${port}`;
const organisation = (subDomain: string) => `http://${subDomain}.desk.localhost:${port}/`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  // Chromium resolves *.localhost by itself; the rule only spares a machine's resolver the question.
  args: ['--no-sandbox', '--disable-gpu', '--host-resolver-rules=MAP *.desk.localhost 127.0.0.1'],
});
const failures: string[] = [];

/** One flow in a browser of its own, as a person who has not signed in yet. */
async function step(name: string, run: (page: Page) => Promise<void>): Promise<void> {
  // No ignoreHTTPSErrors: a page that would show a certificate warning fails the walk-through.
  const context = await browser.newContext();
  // The first visit to a route compiles it, beside next dev's warm-up compiling the others: over a
  // minute for one click on two cores busy with other work (a single sign-on's first start and return).
  context.setDefaultTimeout(120_000);
  const started = performance.now();
  const took = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
  try {
    await run(await context.newPage());
    console.log(`ok   ${name} (${took()})`);
  } catch (error) {
    failures.push(name);
    console.log(`FAIL ${name} (${took()}): ${(error as Error).message.split('\n')[0]}`);
  } finally {
    await context.close();
  }
}

async function waitForUrl(page: Page, url: string): Promise<void> {
  await page.waitForURL(url);
}

async function askForLink(page: Page, email: string): Promise<void> {
  await page.goto(`${login}/login/en`);
  await page.getByRole('textbox').fill(email);
  await page.getByRole('button', { name: /sign-in link/i }).click();
}

await step('localhost is sent to web.desk.localhost, where nothing of next dev covers the card at 375 px', async (page) => {
  // The very first page compiles the app's shared code too: a minute or more on a busy machine.
  await page.goto(`http://localhost:${port}/login`, { timeout: 180_000 });
  await waitForUrl(page, `${login}/login/en`);
  // A phone's viewport under its browser's bars. Next's dev tools mount their indicator, shown or
  // hidden (next.config.mjs, devIndicators), before they are asked what covers the card.
  await page.setViewportSize({ width: 375, height: 548 });
  await page.locator('nextjs-portal #devtools-indicator').waitFor({ state: 'attached' });
  const covered = await page.getByRole('main').evaluate((card) => {
    card.scrollIntoView({ block: 'end' });
    const { left, right, top, bottom } = card.getBoundingClientRect();
    const inset = 30;
    const corners: [number, number][] = [[left + inset, top + inset], [right - inset, top + inset], [left + inset, bottom - inset], [right - inset, bottom - inset]];
    return corners.filter(([x, y]) => !card.contains(document.elementFromPoint(x, y))).map(([x, y]) => `${document.elementFromPoint(x, y)?.localName} at ${Math.round(x)},${Math.round(y)}`);
  });
  if (covered.length > 0) throw new Error(`the card is covered: ${covered.join('; ')}`);
});

await step('anna@acme.test: link in the mailbox, opened, lands on acme, signs out', async (page) => {
  await askForLink(page, 'anna@acme.test');
  await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
  await page.goto(`${login}/mailbox`);
  await page.getByRole('link', { name: 'Open sign-in link' }).first().click();
  await waitForUrl(page, organisation('acme'));
  await page.getByRole('button', { name: 'Sign out' }).click();
  await waitForUrl(page, `${login}/login/en?from=web`);
});

await step('a new colleague signs up', async (page) => {
  await askForLink(page, `dana-${Date.now().toString(36)}@acme.test`);
  await page.getByLabel('Your name').fill('Dana Jansen');
  await page.getByRole('button', { name: 'Create my account' }).click();
  await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
});

for (const email of ['not-found@errors.test', 'rate-limited@errors.test', 'trial-expired@errors.test', 'totp@errors.test']) {
  await step(`${email} shows its view`, async (page) => {
    await askForLink(page, email);
    const main = page.getByRole('main');
    await main.getByRole('alert').or(main.getByRole('heading', { level: 1 }).filter({ hasNotText: /^Sign in$/ })).first().waitFor();
  });
}

for (const [button, account, subDomain] of [
  ['Sign in with Google', 'sso-one@acme.test', 'acme'],
  ['Sign in with Microsoft', 'sso-many@acme.test', 'globex'],
] as const) {
  await step(`${button}: ${account} at the local provider, lands on ${subDomain}`, async (page) => {
    await page.goto(`${login}/login/en`);
    await page.getByRole('link', { name: button }).click();
    await page.getByRole('button', { name: new RegExp(account.replace(/[.@]/g, '\\$&')) }).click();
    if (subDomain !== 'acme') await page.getByRole('button', { name: subDomain }).click();
    await waitForUrl(page, organisation(subDomain));
  });
}

// dev/README.md's curl; Node's resolver may not know *.localhost, so the Host header names it.
// The app keeps only the label of the tray's host (https://globex.desk.localhost/...) and builds
// the address as every hand-off does: the scheme and port the request came in on (lib/platform/hosts.ts).
await step('an office network (X-Forwarded-For 203.0.113.7) goes to globex', async () => {
  const location = await new Promise<string | undefined>((resolve, reject) => {
    const headers = { host: `web.desk.localhost:${port}`, 'x-forwarded-for': '203.0.113.7' };
    request({ host: '127.0.0.1', port, path: '/login/en', headers }, (response) => {
      response.resume();
      resolve(response.headers.location);
    })
      .on('error', reject)
      .end();
  });
  if (location !== organisation('globex')) throw new Error(`location: ${location}, not ${organisation('globex')}`);
});

await browser.close();
console.log(failures.length === 0 ? 'walk-through: every flow passed' : `walk-through: ${failures.length} failed`);
process.exitCode = failures.length === 0 ? 0 : 1;
