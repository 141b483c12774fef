import { expect, test, type APIRequestContext } from '@playwright/test';
import { backendCalls, latestSignInLink, newColleague } from './support/backend.ts';
import { organisationOrigin } from './support/environment.ts';
import { requestLink, viewHydrated } from './support/sign-in.ts';

async function createUserCalls(request: APIRequestContext, email: string) {
  return (await backendCalls(request)).filter((call) => call.path.endsWith('/createUser') && call.body?.email === email);
}

test('a new colleague chooses a name, gets a link and lands on the organisation; sign-up is not shown again', async ({ page, request }) => {
  const email = newColleague();
  await requestLink(page, email, 'en', 'signup');
  // As a browser that comes back to the view loads it: filled from its template (proxy.ts).
  await page.reload();
  await expect(page.getByText(email)).toBeVisible();
  await viewHydrated(page);
  await page.getByLabel('Your name').fill('Dana Jansen');
  await page.getByRole('button', { name: 'Create my account' }).click();

  await expect(page).toHaveURL(/\/login\/en\/mail-sent$/);
  const [createUser] = await createUserCalls(request, email);
  expect(createUser?.headers['add-user-token']).toBe(true);
  expect(createUser?.body).toMatchObject({ email, displayName: 'Dana Jansen' });

  await page.goto('/login/en/signup');
  await expect(page).toHaveURL(/\/login\/en$/);

  await page.goto(await latestSignInLink(request, email));
  await expect(page).toHaveURL(`${organisationOrigin('acme')}/`);
});

/** Issue 43, item 6: the rule is said before the first submit, and sign-up's rule takes an apostrophe (the invitation's does not, and says so). */
test('sign-up says its name rule before the first submit, and takes "Jan O\'Brien"', async ({ page, request }) => {
  const email = newColleague();
  await requestLink(page, email, 'en', 'signup');
  const name = page.getByRole('textbox', { name: 'Your name' });
  await expect(page.getByRole('main').getByText('1 to 255 characters', { exact: true })).toBeVisible();
  await expect(name).toHaveAccessibleDescription('1 to 255 characters');
  await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);

  await name.fill("Jan O'Brien");
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page).toHaveURL(/\/login\/en\/mail-sent$/);
  expect((await createUserCalls(request, email))[0]?.body).toMatchObject({ email, displayName: "Jan O'Brien" });
});

test('sign-up keeps "Create my account" usable: without a name it says so next to the field and moves the focus there', async ({ page, request }) => {
  const email = newColleague();
  await requestLink(page, email, 'en', 'signup');
  const name = page.getByLabel('Your name');
  const create = page.getByRole('button', { name: 'Create my account' });
  const alert = page.getByRole('main').getByRole('alert');

  for (const typed of ['', '   ']) {
    await name.fill(typed);
    await expect(create).toBeEnabled();
    await create.click();
    await expect(alert, `with ${JSON.stringify(typed)}`).toHaveText('Please enter your name.');
    await expect(name).toBeFocused();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toHaveAccessibleDescription(/Please enter your name\.$/);
    await expect(page).toHaveURL(/\/login\/en\/signup$/);
  }
  // Typing takes the message away.
  await name.fill('Dana Jansen');
  await expect(alert).toHaveCount(0);
  await expect(name).not.toHaveAttribute('aria-invalid');

  expect(await createUserCalls(request, email), 'no account asked for without a name').toHaveLength(0);
  await create.click();
  await expect(page).toHaveURL(/\/login\/en\/mail-sent$/);
  expect(await createUserCalls(request, email), 'the account asked for once the name is there').toHaveLength(1);
});

test('German and Dutch: a missing name is said in the page’s language', async ({ page, context }) => {
  for (const [language, submit, message] of [
    ['de', 'Konto erstellen', 'Bitte geben Sie Ihren Namen ein.'],
    ['nl', 'Account aanmaken', 'Vul je naam in.'],
  ] as const) {
    await context.clearCookies();
    await requestLink(page, newColleague(), language, 'signup');
    await page.getByRole('button', { name: submit }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(message);
  }
});

test('sign-up has the way back to use another e-mail address, with the address kept to correct, and the sign-up is then forgotten', async ({ page }) => {
  const email = newColleague();
  await requestLink(page, email, 'en', 'signup');
  await page.getByRole('button', { name: 'Use another e-mail address' }).click();
  await expect(page).toHaveURL(/\/login\/en$/);
  await expect(page.getByLabel('Work e-mail')).toHaveValue(email);
  await page.goto('/login/en/signup');
  await expect(page).toHaveURL(/\/login\/en$/);
});

test('the name is limited to 255 characters', async ({ page }) => {
  await requestLink(page, newColleague(), 'en', 'signup');
  await page.getByLabel('Your name').fill('x'.repeat(300));
  await expect(page.getByLabel('Your name')).toHaveValue('x'.repeat(255));
});

test('a name the backend refuses is marked as wrong and kept for correction', async ({ page }) => {
  await requestLink(page, newColleague(), 'en', 'signup');
  await page.reload();
  await viewHydrated(page);
  await page.getByLabel('Your name').fill('Please reject me');
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('This name cannot be used. Please choose another one.');
  await expect(page.getByLabel('Your name')).toHaveValue('Please reject me');
  await expect(page.getByLabel('Your name')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Your name')).toBeFocused();
});

test('Dutch: an organisation at its user limit shows the freemium page, with a way back', async ({ page }) => {
  await page.goto('/login/nl');
  await page.getByRole('textbox').fill(newColleague('full.test'));
  await page.getByRole('button', { name: /inloglink/i }).click();
  await expect(page).toHaveURL(/\/login\/nl\/signup$/);
  await page.getByRole('textbox').fill('Eva de Boer');
  await page.getByRole('button', { name: /account/i }).click();
  await expect(page).toHaveURL(/\/login\/nl\/user-limit$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Je organisatie zit vol');
  await page.getByRole('link', { name: /inloggen/i }).click();
  await expect(page).toHaveURL(/\/login\/nl$/);
});

test('without JavaScript a new colleague still signs up', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, ignoreHTTPSErrors: true });
  const page = await context.newPage();
  await page.goto('/login/en');
  await page.getByLabel('Work e-mail').fill(newColleague());
  await page.getByRole('button', { name: 'Send sign-in link' }).click();
  // The browser's own check is off (the page's script speaks instead): the server says it.
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('Please enter your name.');
  await page.getByLabel('Your name').fill('Frits');
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page).toHaveURL(/\/login\/en\/mail-sent$/);
  await context.close();
});
