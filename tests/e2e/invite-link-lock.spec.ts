import { expect, test, type Page } from '@playwright/test';
import { backendCalls, invitedAddress } from './support/backend.ts';
import { APP_PORTS } from './support/environment.ts';

/**
 * The invitation is a door to a sign-in link like the e-mail form: it takes the same 30 s lock
 * per address, and the fields its form posts back are held to the limits its page read them with.
 */

async function join(page: Page, name: string): Promise<void> {
  await page.getByLabel('Your name').fill(name);
  await page.getByRole('button', { name: 'Join' }).click();
}

test('three joins for one invited address within seconds send one link; the others wait, in the e-mail form’s words; another address is not held back', async ({ browser, request }) => {
  const email = invitedAddress();
  const invitation = `/login/en/invite-user?email=${encodeURIComponent(email)}&inviteToken=invite-ok`;
  const people = await Promise.all(Array.from({ length: 3 }, () => browser.newContext({ ignoreHTTPSErrors: true })));
  const pages = await Promise.all(people.map((person) => person.newPage()));
  for (const page of pages) await page.goto(invitation);
  await join(pages[0]!, 'Ida Jansen');
  await expect(pages[0]!).toHaveURL(/\/login\/en\/mail-sent$/);
  for (const page of pages.slice(1)) {
    await join(page, 'Ida Jansen');
    await expect(page.getByRole('heading', { name: 'Please wait a moment' })).toBeVisible();
    await expect(page.getByText(/You can try again in \d+ s\./)).toBeVisible();
  }
  const links = (await backendCalls(request)).filter((call) => call.path.includes(`/${encodeURIComponent(email)}/verifyUser`) || call.path.includes(`/${email}/verifyUser`));
  expect(links).toHaveLength(1);

  // The control: the lock is the address's.
  const other = invitedAddress();
  await pages[1]!.goto(`/login/en/invite-user?email=${encodeURIComponent(other)}&inviteToken=invite-ok`);
  await join(pages[1]!, 'Jan Smit');
  await expect(pages[1]!).toHaveURL(/\/login\/en\/mail-sent$/);
  await Promise.all(people.map((person) => person.close()));
});

test('an invitation form posted back to an address with an enlarged address or field, or with another bound language, reaches no backend call with it, one beyond the size of any form is a 413; the honest post goes through', async ({ browser, request }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, ignoreHTTPSErrors: true });
  const page = await context.newPage();
  const email = invitedAddress();
  await page.goto(`/login/en/invite-user?email=${encodeURIComponent(email)}&inviteToken=invite-ok`);
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Join' }) });
  const fields = await form.locator('input').evaluateAll((inputs) => inputs.map((input) => [(input as HTMLInputElement).name, (input as HTMLInputElement).value] as [string, string]));
  // The action reads the invitation from the address it is posted to: a client chooses that address, and the page's one bound argument, its language.
  const post = async (query: Record<string, string>, options: { name?: string; language?: unknown } = {}) => {
    const multipart: Record<string, string> = {};
    for (const [name, value] of fields) {
      const bound = /^\$ACTION_\d+:1$/.test(name) && 'language' in options;
      multipart[name] = bound ? JSON.stringify([options.language, ...(JSON.parse(value) as unknown[]).slice(1)]) : name === 'name' ? (options.name ?? 'Ida Jansen') : value;
    }
    const { host, origin } = new URL(page.url());
    const answer = await request.post(`http://127.0.0.1:${APP_PORTS[0]}/login/en/invite-user?${new URLSearchParams(query)}`, { multipart, headers: { host, origin, 'x-forwarded-proto': 'https' }, maxRedirects: 0 });
    return answer.status();
  };
  // Over the schema's limits, within the size of an address nginx takes.
  const huge = 'a'.repeat(3_000);
  expect(await post({ email: `${huge}@acme.test`, inviteToken: 'invite-ok' })).toBeLessThan(500);
  expect(await post({ email: invitedAddress(), inviteToken: huge })).toBeLessThan(500);
  expect(await post({ email: invitedAddress(), inviteToken: 'invite-ok', ...Object.fromEntries(Array.from({ length: 200 }, (_, index) => [`field${index}`, 'x'])) })).toBeLessThan(500);
  expect(await post({ email: invitedAddress(), inviteToken: 'invite-ok' }, { language: huge })).toBeLessThan(500);
  // Beyond the size of any form, the post is refused before any action reads it.
  expect(await post({ email: invitedAddress(), inviteToken: 'invite-ok' }, { name: 'a'.repeat(40_000) })).toBe(413);
  // The form's bound arguments are the page's language and the form's own state, nothing of the invitation.
  expect(fields.filter(([name]) => /^\$ACTION_\d+:1$/.test(name)).map(([, value]) => JSON.parse(value) as unknown)).toEqual([['en', { status: 'idle', name: '' }]]);
  const calls = await backendCalls(request);
  expect(calls.some((call) => JSON.stringify(call).includes(huge))).toBe(false);
  expect(calls.some((call) => call.path.endsWith('/addUser') && call.body?.email === email)).toBe(false);

  // The control: the page's own fields, as posted.
  await page.getByLabel('Your name').fill('Ida Jansen');
  await page.getByRole('button', { name: 'Join' }).click();
  await expect(page).toHaveURL(/\/login\/en\/mail-sent$/);
  expect((await backendCalls(request)).some((call) => call.path.endsWith('/addUser') && call.body?.email === email)).toBe(true);
  await context.close();
});
