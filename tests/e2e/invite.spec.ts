import { expect, test } from '@playwright/test';
import { backendCalls } from './support/backend.ts';

function invitedAddress() {
  return `invited.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@acme.test`;
}

test('an invited colleague chooses a valid name and is sent a sign-in link; addUser gets the invitation\'s own fields, nothing added to its query', async ({ page, request }) => {
  const email = invitedAddress();
  await page.goto(`/login/invite-user?email=${encodeURIComponent(email)}&language=en&inviteToken=invite-ok&role=ROLE_MANAGER&isAdmin=true&deviceId=planted`);
  await expect(page.getByRole('heading', { name: 'Join your team' })).toBeVisible();
  await page.getByLabel('Your name').fill('Zoë van Dijk-Łukasz');
  await page.getByRole('button', { name: 'Join' }).click();
  await expect(page).toHaveURL(/\/login\/en\/mail-sent$/);

  const addUser = (await backendCalls(request)).find((call) => call.path.endsWith('/addUser') && call.body?.email === email);
  expect(addUser?.body).toEqual({ email, language: 'en', inviteToken: 'invite-ok', name: 'Zoë van Dijk-Łukasz' });
});

const nameRules = [
  { name: '   ', message: 'Please enter your name.' },
  { name: '<b>Bob</b>', message: 'Use only letters, digits, spaces and the characters , . - _ = @ in your name.' },
  { name: 'Bob"; DROP TABLE users', message: 'Use only letters, digits, spaces and the characters , . - _ = @ in your name.' },
  { name: "O'Brien", message: 'Use only letters, digits, spaces and the characters , . - _ = @ in your name.' },
];

for (const { name, message } of nameRules) {
  test(`the invite name ${JSON.stringify(name)} is refused with the name rule, and nothing is sent`, async ({ page, request }) => {
    const email = invitedAddress();
    await page.goto(`/login/en/invite-user?email=${encodeURIComponent(email)}&inviteToken=invite-ok`);
    await page.getByLabel('Your name').fill(name);
    await page.getByRole('button', { name: 'Join' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(message);
    expect((await backendCalls(request)).some((call) => call.path.endsWith('/addUser') && call.body?.email === email)).toBe(false);
  });
}

test('markup in a name is never rendered as markup, even when the server is asked directly', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, ignoreHTTPSErrors: true });
  const page = await context.newPage();
  await page.goto(`/login/en/invite-user?email=${encodeURIComponent(invitedAddress())}&inviteToken=invite-ok`);
  await page.getByLabel('Your name').fill('<img src=x onerror=alert(1)>');
  await page.getByRole('button', { name: 'Join' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('Use only letters, digits, spaces and the characters , . - _ = @ in your name.');
  await expect(page.locator('main img')).toHaveCount(0);
  await context.close();
});

test('an organisation at its user limit shows the freemium page', async ({ page }) => {
  await page.goto(`/login/de/invite-user?email=${encodeURIComponent(invitedAddress())}&inviteToken=invite-full`);
  await page.getByLabel('Ihr Name').fill('Greta');
  await page.getByRole('button', { name: 'Beitreten' }).click();
  await expect(page).toHaveURL(/\/login\/de\/user-limit$/);
});

test('an invitation the backend does not know says so', async ({ page }) => {
  await page.goto(`/login/en/invite-user?email=${encodeURIComponent(invitedAddress())}&inviteToken=nope`);
  await page.getByLabel('Your name').fill('Hank');
  await page.getByRole('button', { name: 'Join' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(/no longer valid/);
});
