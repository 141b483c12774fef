import { expect, test } from '@playwright/test';
import { latestSignInLink, uniqueAddress } from './support/backend.ts';
import { requestLink } from './support/sign-in.ts';

/**
 * Issue 48: a link's id travels without its signature (the backend's `isValidId` path names it,
 * and an app that asked through the API knows it), so the page that asks "Sign in with this
 * link?" is open to anyone who puts an id in its address. Before the backend has checked the
 * link's signature, that page tells nothing of who asked for the link: when, and from which
 * browser, is said beside the code, once the backend has taken the link as genuine.
 */

const FIREFOX_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const ASKED = 'Asked for just now, from Firefox on Windows.';

test('a stranger with only the link\'s id learns nothing of who asked for it; the link\'s holder learns it once the link is checked, and can still decline', async ({ browser }) => {
  const asking = await browser.newContext({ ignoreHTTPSErrors: true, userAgent: FIREFOX_ON_WINDOWS });
  const waiting = await asking.newPage();
  const email = uniqueAddress('bert@globex.test');
  await requestLink(waiting, email);
  const link = new URL(await latestSignInLink(waiting.request, email));

  // The stranger: the id, and anything for the rest of the link.
  const forged = new URL(link);
  forged.searchParams.set('email', 'someone@example.test');
  forged.searchParams.set('signature', 'not-the-signature');
  forged.searchParams.set('timestamp', String(Date.now()));
  const stranger = await browser.newContext({ ignoreHTTPSErrors: true });
  const strangerPage = await stranger.newPage();
  await strangerPage.goto(forged.href);
  await expect(strangerPage.getByRole('heading', { name: 'Sign in with this link?' })).toBeVisible();
  await expect(strangerPage.getByText(/Asked for/)).toHaveCount(0);
  await expect(strangerPage.getByText(/Firefox|Windows/)).toHaveCount(0);

  // The holder of the real link: the same question, and the answer once the backend took the link.
  const holder = await browser.newContext({ ignoreHTTPSErrors: true });
  const holderPage = await holder.newPage();
  await holderPage.goto(link.href);
  await expect(holderPage.getByRole('heading', { name: 'Sign in with this link?' })).toBeVisible();
  await expect(holderPage.getByText(/Asked for/)).toHaveCount(0);
  await holderPage.getByRole('button', { name: 'Yes, sign me in' }).click();
  await expect(holderPage.getByTestId('link-code')).toHaveText(/^\d{6}$/);
  await expect(holderPage.getByText(ASKED)).toBeVisible();
  // The waiting page learns of the confirmation and asks for the code shown there, so the decline
  // below reaches its code entry (one during the wait: tests/e2e/hostile-neighbours.spec.ts).
  await expect(waiting.getByRole('heading', { name: 'Type the code from the other browser' })).toBeVisible({ timeout: 20_000 });
  await holderPage.getByRole('button', { name: 'I did not ask for this' }).click();
  await expect(holderPage.getByRole('heading', { name: 'Nobody was signed in' })).toBeVisible();
  // The code entry's next look (every 5 s) notices; on two busy cores its answer and the navigation may take a while.
  await expect(waiting).toHaveURL(/\/login\/en\?error=link-declined$/, { timeout: 20_000 });
  await Promise.all([asking.close(), stranger.close(), holder.close()]);
});
