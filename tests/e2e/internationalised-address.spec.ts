import { expect, test } from '@playwright/test';
import { backendCalls, uniqueAddress } from './support/backend.ts';

/**
 * Issue 43, item 6: an address on an internationalised domain is shown back as the person typed
 * it, while the backend receives the ASCII (Punycode) form it keeps. Chromium's e-mail field
 * itself sends the Punycode form, so the app must turn it back for every page that shows it.
 */

const cases = [
  { domain: 'müller.de', backendDomain: 'xn--mller-kva.de', seeded: 'anna@müller.de' },
  // The positive control: an ASCII address is shown and sent exactly as typed.
  { domain: 'acme.test', backendDomain: 'acme.test', seeded: 'anna@acme.test' },
];

for (const { domain, backendDomain, seeded } of cases) {
  test(`${domain}: the mail-sent view and the kept address show it as typed; verifyUser receives ${backendDomain}`, async ({ page, request }) => {
    const typed = uniqueAddress(seeded);
    const forBackend = typed.replace(`@${domain}`, `@${backendDomain}`);
    await page.goto('/login/en');
    await page.getByRole('textbox', { name: 'Work e-mail' }).fill(typed);
    await page.getByRole('button', { name: 'Send sign-in link' }).click();
    await expect(page).toHaveURL(/\/login\/en\/mail-sent$/);

    const main = page.getByRole('main');
    await expect(main.getByText(typed, { exact: true })).toBeVisible();
    if (backendDomain !== domain) await expect(main).not.toContainText(backendDomain);

    const verifyUser = (await backendCalls(request)).filter((call) => call.path.endsWith('/verifyUser') && call.path.includes(encodeURIComponent(forBackend)));
    expect(verifyUser, 'verifyUser received the address in the form the backend keeps').toHaveLength(1);

    // The way back keeps the address for correcting: the page gives the field the typed form.
    await page.getByRole('button', { name: 'Use another e-mail address' }).click();
    await expect(page).toHaveURL(/\/login\/en$/);
    await expect(page.getByRole('textbox', { name: 'Work e-mail' })).toHaveAttribute('value', typed);
  });
}

/**
 * Issue 48, point 2: an address whose domain could pass for another is shown in Punycode on the
 * pages that show an address from a link, which anyone can write: the sign-in link's confirmation
 * and the invitation. `аррӏе.com` is all Cyrillic and reads "apple"; müller.de is the positive control.
 */
test('the link and invitation pages show a look-alike domain in Punycode, and müller.de in Unicode', async ({ page }) => {
  const lookAlike = { typed: 'ceo@\u0430\u0440\u0440\u04cf\u0435.com', shown: 'ceo@xn--80ak6aa92e.com' };
  const genuine = { typed: 'anna@müller.de', shown: 'anna@müller.de' };
  const linkQuery = (email: string) => new URLSearchParams({ email, uuid: 'u', signature: 's', timestamp: String(Date.now()) });
  const pages = [
    { name: 'link', url: (email: string) => `/login/en/validatelink?${linkQuery(email)}`, heading: 'Sign in with this link?' },
    { name: 'invitation', url: (email: string) => `/login/en/invite-user?${new URLSearchParams({ email, inviteToken: 'invite-ok' })}`, heading: 'Join your team' },
  ];
  for (const { name, url, heading } of pages) {
    for (const { typed, shown } of [lookAlike, genuine]) {
      await page.goto(url(typed));
      await expect(page.getByRole('heading', { name: heading }), `the ${name} page`).toBeVisible();
      const main = page.getByRole('main');
      await expect(main.getByText(shown, { exact: true }), `the ${name} page shows ${typed} as ${shown}`).toBeVisible();
      if (shown !== typed) await expect(main, `the ${name} page never shows ${typed}`).not.toContainText(typed);
    }
  }
});
