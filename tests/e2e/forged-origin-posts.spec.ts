import { randomUUID } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { uniqueAddress } from './support/backend.ts';
import { loginFormFields, mailed } from './support/sign-in.ts';
import { APP_PORTS, DOMAIN, HTTPS_PORT, serverLog } from './support/environment.ts';

/**
 * Issue 41: a form post (a server action) from another origin does nothing, as before, and is
 * answered 403 with one warning line: it is someone else's page at work, not a fault of the app,
 * so no 500, no error-level line and no stack for an operator to chase.
 */

const INSTANCE = `http://127.0.0.1:${APP_PORTS[0]}`;
const WEB_HOST = `web.${DOMAIN}:${HTTPS_PORT}`;
const APP_LOG = serverLog(`app-${APP_PORTS[0]}`);

/** What the instance wrote while `act` ran, and a moment after (Next writes its own lines outside the request). */
async function writtenDuring(act: () => Promise<void>): Promise<string[]> {
  const before = statSync(APP_LOG).size;
  await act();
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  return readFileSync(APP_LOG).subarray(before).toString('utf8').split('\n').filter(Boolean);
}

function levelOf(line: string): number | undefined {
  try {
    return (JSON.parse(line) as { level?: number }).level;
  } catch {
    return undefined;
  }
}

const forgedPosts = [
  ['a form without script', {}],
  ['a form posted by script, as Next posts an action', { 'next-action': '7f'.repeat(21) }],
] as const;

for (const [kind, extra] of forgedPosts) {
  test(`${kind} from another origin is refused with a 403 and one warning line, and sends nothing; from the page's origin it sends the link`, async ({ browser, request }) => {
    const forged = uniqueAddress('anna@acme.test');
    const fields = await loginFormFields(browser, forged);
    const requestId = `forged-origin-${randomUUID()}`;
    let status = 0;
    const lines = await writtenDuring(async () => {
      const attack = await request.post(`${INSTANCE}/login/en`, {
        multipart: fields,
        headers: { host: WEB_HOST, 'x-forwarded-proto': 'https', origin: 'https://evil.example', 'x-request-id': requestId, ...extra },
        maxRedirects: 0,
      });
      status = attack.status();
    });
    expect(status).toBe(403);
    expect(await mailed(request, forged)).toBe(false);
    const ofThePost = lines.filter((line) => line.includes(`"requestId":"${requestId}"`));
    expect(ofThePost.map(levelOf)).toEqual([40]);
    expect(ofThePost[0]).toContain('evil.example');
    // Nothing else of it: no error line, no stack, no line of Next's own.
    expect(lines.filter((line) => (levelOf(line) ?? 50) >= 50)).toEqual([]);
    expect(lines.join('\n')).not.toMatch(/\n\s+at |Invalid Server Actions request/);

    // The control: the same post from the page's own origin sends the link, and warns of nothing.
    const own = uniqueAddress('anna@acme.test');
    const ownId = `own-origin-${randomUUID()}`;
    const ownLines = await writtenDuring(async () => {
      const post = await request.post(`${INSTANCE}/login/en`, {
        multipart: await loginFormFields(browser, own),
        headers: { host: WEB_HOST, 'x-forwarded-proto': 'https', origin: `https://${WEB_HOST}`, 'x-request-id': ownId },
        maxRedirects: 0,
      });
      expect(post.status()).toBe(303);
    });
    expect(await mailed(request, own)).toBe(true);
    expect(ownLines.filter((line) => line.includes(`"requestId":"${ownId}"`)).map(levelOf)).not.toContain(40);
  });
}
