import { readFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { expect, test, type Browser, type Page, type Request } from '@playwright/test';
import { FORM_POST_MAX_BYTES } from '../../lib/platform/pages/form-post-limit.ts';
import { invitedAddress, latestSignInLink, newColleague, uniqueAddress } from './support/backend.ts';
import { DOMAIN, HTTPS_PORT } from './support/environment.ts';
import { requestLink } from './support/sign-in.ts';

/**
 * How large a form post may be: nginx's client_max_body_size for /login/ and Next's
 * serverActions.bodySizeLimit, one number, measured here against the largest posts the real
 * forms send, in Chromium, with script and without (docs/decisions.md, Pages, forms and scripts).
 */

const SITE = readFileSync('deploy/nginx/desk-booking.conf', 'utf8');
const NEXT_CONFIG = readFileSync('next.config.mjs', 'utf8');

/** The limit nginx applies under /login/, in bytes. */
const LIMIT = (() => {
  const [, amount = '', unit = ''] = /^ +client_max_body_size +(\d+)([km]?);$/m.exec(SITE) ?? [];
  return Number(amount) * ({ k: 1024, m: 1024 * 1024 }[unit] ?? 1);
})();

/** A name at the name field's limit of 255 characters, each a letter of three bytes in UTF-8. */
const LONGEST_NAME = '漢'.repeat(255);

/** Within 64 bytes of the longest request line nginx reads (large_client_header_buffers 4 8k, its default). */
const LINK_REQUEST_LINE = 8 * 1024 - 64;

/** The app's answer to the page's next post. */
function answered(page: Page) {
  return page.waitForResponse((response) => response.request().method() === 'POST');
}

/** The posts the page sends under /login/, as they leave the browser. */
function postsOf(page: Page): Request[] {
  const posts: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname.startsWith('/login/')) posts.push(request);
  });
  return posts;
}

async function statusOf(request: Request): Promise<number> {
  return (await request.response())?.status() ?? 0;
}

const measured: { form: string; bytes: number; status: number }[] = [];

async function record(form: string, posts: Request[]): Promise<void> {
  expect(posts.length, `${form}: a post was sent`).toBeGreaterThan(0);
  for (const post of posts) measured.push({ form, bytes: post.postDataBuffer()?.length ?? 0, status: await statusOf(post) });
}

async function inContext<T>(browser: Browser, javaScriptEnabled: boolean, run: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ ignoreHTTPSErrors: true, javaScriptEnabled, locale: 'en-GB' });
  try {
    return await run(await context.newPage());
  } finally {
    await context.close();
  }
}

test.describe.configure({ mode: 'serial' });

test('the largest real form posts, measured as the browser sends them, pass both limits', async ({ browser, request }) => {
  test.slow();
  expect(LIMIT, 'client_max_body_size in the site').toBeGreaterThan(0);
  expect(NEXT_CONFIG).toContain('bodySizeLimit: `${FORM_POST_MAX_KB}kb`');
  expect(FORM_POST_MAX_BYTES, 'the app\'s limit (lib/platform/pages/form-post-limit.ts), Next\'s and proxy.ts\'s').toBe(LIMIT);

  for (const javaScriptEnabled of [true, false]) {
    const how = javaScriptEnabled ? 'with script' : 'without script';

    // A link confirmed in a browser that did not ask for it: the link's fields ride along in the post.
    // First as the backend mails it, then as long as nginx lets a link through: its request line
    // is held to 8 KB (large_client_header_buffers), so its optional fields, of plain letters (one
    // byte each in the URL and in the post), fill it up.
    const mailedLink = async () => {
      const email = uniqueAddress('anna@acme.test');
      await inContext(browser, javaScriptEnabled, async (page) => requestLink(page, email));
      return new URL(await latestSignInLink(request, email));
    };
    const mailed = await mailedLink();
    // A link of its own: the first is used up by its confirmation.
    const longest = await mailedLink();
    // Each field up to the 2,048 characters the app reads (signInLinkQuery), until the line is full.
    for (const field of ['domain', 'userName', 'displayName', 'signature']) {
      longest.searchParams.set(field, '');
      const room = LINK_REQUEST_LINE - `GET /login/en/validatelink${longest.search} HTTP/1.1`.length;
      longest.searchParams.set(field, 'x'.repeat(Math.max(0, Math.min(2048, room))));
    }
    for (const [form, link] of [
      [`the mailed link's confirmation, ${how}`, mailed],
      [`a link's confirmation, its request line at nginx's 8 KB, ${how}`, longest],
    ] as const) {
      await inContext(browser, javaScriptEnabled, async (page) => {
        const posts = postsOf(page);
        await page.goto(`/login/en/validatelink${link.search}`);
        await expect(page.getByRole('button', { name: 'Yes, sign me in' }), `${form}: the link's page asks`).toBeVisible();
        // The mailed link gives a code, the lengthened one the backend's "not valid": both the app's answers.
        await Promise.all([answered(page), page.getByRole('button', { name: 'Yes, sign me in' }).click()]);
        await record(form, posts);
      });
    }

    // Sign-up with the longest name.
    await inContext(browser, javaScriptEnabled, async (page) => {
      await requestLink(page, newColleague(), 'en', 'signup');
      const posts = postsOf(page);
      await page.getByLabel('Your name').fill(LONGEST_NAME);
      await Promise.all([answered(page), page.getByRole('button', { name: 'Create my account' }).click()]);
      await record(`sign-up with a name of 255 three-byte characters, ${how}`, posts);
    });

    // An invitation whose forwarded fields are each at their 2,048 characters, with the longest name.
    await inContext(browser, javaScriptEnabled, async (page) => {
      const posts = postsOf(page);
      const fields = new URLSearchParams({ email: invitedAddress(), inviteToken: 'invite-ok', language: 'en' });
      for (const field of ['domain', 'subDomain']) fields.set(field, 'y'.repeat(2048));
      await page.goto(`/login/en/invite-user?${fields}`);
      await page.getByLabel('Your name').fill(LONGEST_NAME);
      await Promise.all([answered(page), page.getByRole('button', { name: 'Join' }).click()]);
      await record(`an invitation with forwarded fields at 2,048 characters, ${how}`, posts);
    });
  }

  console.log(`form posts (limit ${LIMIT} bytes):\n${measured.map((post) => `  ${post.bytes} bytes, ${post.status}: ${post.form}`).join('\n')}`);
  for (const post of measured) {
    expect(post.status, post.form).not.toBe(413);
    expect(post.status, post.form).toBeLessThan(500);
    // Room for what the measurement cannot see: a longer action id, another language's words.
    expect(post.bytes, post.form).toBeLessThan(LIMIT * 0.85);
  }
});

/** A POST to /login/en of exactly `bytes` bytes, as a client would send it through nginx. */
function postOfSize(bytes: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const outgoing = httpsRequest(
      {
        host: '127.0.0.1',
        port: HTTPS_PORT,
        path: '/login/en',
        method: 'POST',
        servername: `web.${DOMAIN}`,
        rejectUnauthorized: false,
        headers: {
          host: `web.${DOMAIN}:${HTTPS_PORT}`,
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': String(bytes),
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(Buffer.alloc(bytes, 'a'));
  });
}

test('nginx refuses a form post one byte above the limit with 413, and passes one at the limit on to the app', async () => {
  expect(await postOfSize(LIMIT + 1)).toBe(413);
  // The control: the same post at the limit reaches the app, which answers it as a page load.
  expect(await postOfSize(LIMIT)).not.toBe(413);
});
