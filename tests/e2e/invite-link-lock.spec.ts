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

test('an invitation form posted back with an enlarged address or field is refused and reaches no backend call, one beyond the size of any form is a 413; the honest post goes through', async ({ browser, request }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, ignoreHTTPSErrors: true });
  const page = await context.newPage();
  const email = invitedAddress();
  await page.goto(`/login/en/invite-user?email=${encodeURIComponent(email)}&inviteToken=invite-ok`);
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Join' }) });
  const fields = await form.locator('input').evaluateAll((inputs) => inputs.map((input) => [(input as HTMLInputElement).name, (input as HTMLInputElement).value] as [string, string]));
  const post = async (rebind: (bound: unknown[]) => unknown[]) => {
    const multipart: Record<string, string> = {};
    for (const [name, value] of fields) multipart[name] = /^\$ACTION_\d+:1$/.test(name) ? JSON.stringify(rebind(JSON.parse(value) as unknown[])) : name === 'name' ? 'Ida Jansen' : value;
    const { pathname, search, host, origin } = new URL(page.url());
    const answer = await request.post(`http://127.0.0.1:${APP_PORTS[0]}${pathname}${search}`, { multipart, headers: { host, origin, 'x-forwarded-proto': 'https' }, maxRedirects: 0 });
    return answer.status();
  };
  // Over the schema's limits, within the size of a post the app takes (lib/platform/pages/form-post-limit.ts).
  const huge = 'a'.repeat(5_000);
  // Written for whatever shape the page binds: the link's fields flat, or the address beside the forwarded ones.
  type Bound = Record<string, unknown> & { forwarded?: Record<string, string> };
  const withField = (bound: Bound, name: string, value: string): Bound => (bound.forwarded ? { ...bound, forwarded: { ...bound.forwarded, [name]: value } } : { ...bound, [name]: value });
  const enlarged = [
    ([language, bound, ...rest]: unknown[]) => [language, { ...(bound as Bound), email: `${huge}@acme.test` }, ...rest],
    ([language, bound, ...rest]: unknown[]) => [language, withField(bound as Bound, 'inviteToken', huge), ...rest],
    ([language, bound, ...rest]: unknown[]) => [language, { ...(bound as Bound), ...Object.fromEntries(Array.from({ length: 200 }, (_, index) => [`field${index}`, 'x'])) }, ...rest],
  ];
  for (const rebind of enlarged) expect(await post(rebind)).toBeLessThan(500);
  // Beyond that size, the post is refused before any action reads it.
  expect(await post(([language, bound, ...rest]) => [language, { ...(bound as Bound), email: `${'a'.repeat(40_000)}@acme.test` }, ...rest])).toBe(413);
  // The control: the same post with the page's own bound arguments is the join.
  expect(fields.some(([name]) => /^\$ACTION_\d+:1$/.test(name))).toBe(true);
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
