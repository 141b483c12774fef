import { expect, test } from '@playwright/test';
import { latestSignInLink } from './support/backend.ts';
import { BACKEND_ORIGIN, LOGIN_ORIGIN, organisationOrigin } from './support/environment.ts';
import { signInByEmail } from './support/sign-in.ts';

/** The development backend's own pages (dev/README.md): the mailbox and the organisation's landing page. */

test('the mailbox fits a phone: a mail to a long address scrolls nothing sideways at 375 px', async ({ browser, request }) => {
  const email = `anna+a-sub-address-much-longer-than-a-phone-is-wide-${Date.now().toString(36)}@acme.test`;
  const asking = await browser.newContext({ ignoreHTTPSErrors: true });
  const page = await asking.newPage();
  await page.goto('/login/en');
  await page.getByLabel('Work e-mail').fill(email);
  await page.getByRole('button', { name: 'Send sign-in link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await latestSignInLink(request, email);
  await asking.close();

  const phone = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  const mailbox = await phone.newPage();
  await mailbox.goto(`${BACKEND_ORIGIN}/mailbox`);
  const address = mailbox.getByText(email);
  await expect(address).toBeVisible();
  // The viewport meta makes the layout viewport the phone's; then nothing may be wider than it.
  expect(await mailbox.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }))).toEqual({
    scroll: 375,
    client: 375,
  });
  const box = await address.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(375);
  const open = mailbox.getByRole('link', { name: 'Open sign-in link' }).first();
  const openBox = await open.boundingBox();
  expect(openBox!.x + openBox!.width).toBeLessThanOrEqual(375);
  await phone.close();
});

test('"Sign out" on the stand-in signs out as the web app does: its token gone, the login forgets the browser, and the stand-in no longer says signed in', async ({ page, context }) => {
  await signInByEmail(page, 'anna@acme.test', 'acme');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Signed in to Acme Corporation');
  // The stored sign-in alone would bring a plain /login straight back here.
  expect((await context.cookies(LOGIN_ORIGIN)).map((cookie) => cookie.name)).toContain('__Host-lastLogin');

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(`${LOGIN_ORIGIN}/login/en?from=web`);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  expect((await context.cookies(LOGIN_ORIGIN)).map((cookie) => cookie.name)).not.toContain('__Host-lastLogin');
  const organisationCookies = (await context.cookies(organisationOrigin('acme'))).map((cookie) => cookie.name);
  expect(organisationCookies).not.toContain('acmeAccessToken');
  expect(organisationCookies).not.toContain('currentUser');
  // The remembered organisation stays (docs/product.md, Signing out): a plain /login leads to it, signed out.
  expect(organisationCookies).toContain('flwSubDomain');
  await page.goto(`${LOGIN_ORIGIN}/login`);
  await expect(page).toHaveURL(`${organisationOrigin('acme')}/`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Not signed in to Acme Corporation');
  await page.getByRole('link', { name: 'Back to the login' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
});

test('every ready link of the mailbox for bookings and invitations ends where it says', async ({ browser, request }) => {
  const mailbox = await (await request.get(`${BACKEND_ORIGIN}/mailbox`)).text();
  const rows = [...mailbox.matchAll(/<a href="([^"]+)" data-ready-link="(booking|invitation)">[^<]*<\/a><\/td>\s*<td data-label="Then">([^<]*)<\/td>\s*<td data-label="You see" data-outcome>([^<]*)<\/td>/g)].map(
    ([, href, flow, step, outcome]) => ({ href: href!.replaceAll('&amp;', '&'), flow, step, outcome: outcome!.replaceAll('&#39;', '’') }),
  );
  expect(rows.filter((row) => row.flow === 'booking')).toHaveLength(6);
  expect(rows.filter((row) => row.flow === 'invitation').length).toBeGreaterThanOrEqual(5);
  for (const { href, step, outcome } of rows) {
    expect(href.startsWith(`${LOGIN_ORIGIN}/login/`)).toBe(true);
    // A browser of its own per link: a booking or an invitation is opened from an e-mail, not after another.
    const context = await browser.newContext({ ignoreHTTPSErrors: true });
    const page = await context.newPage();
    await page.goto(href);
    if (step === 'confirm the cancellation') await page.getByRole('button', { name: 'Yes, cancel the booking' }).click();
    if (step === 'join with a name') {
      await page.getByLabel('Your name').fill('Dev Tester');
      await page.getByRole('button', { name: 'Join' }).click();
    }
    await expect(page.getByText(outcome, { exact: true }).first(), `${href} should end on "${outcome}"`).toBeVisible();
    await context.close();
  }
});
