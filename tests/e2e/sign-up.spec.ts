import { expect, test } from '@playwright/test';
import { backendCalls, latestSignInLink, newColleague } from './backend.ts';
import { organisationOrigin } from './environment.ts';
import { requestLink } from './sign-in.ts';

test('a new colleague chooses a name, gets a link and lands on the organisation; sign-up is not shown again', async ({ page, request }) => {
  const email = newColleague();
  await page.goto('/login/en');
  await page.getByLabel('Work e-mail').fill(email);
  await page.getByRole('button', { name: 'Send sign-in link' }).click();

  await expect(page).toHaveURL(/\/login\/en\/signup$/);
  await expect(page.getByText(email)).toBeVisible();
  const create = page.getByRole('button', { name: 'Create my account' });
  await expect(create).toBeDisabled();
  await page.getByLabel('Your name').fill('   ');
  await expect(create).toBeDisabled();
  await page.getByLabel('Your name').fill('Dana Jansen');
  await expect(create).toBeEnabled();
  await create.click();

  await expect(page).toHaveURL(/\/login\/en\/mail-sent$/);
  const createUser = (await backendCalls(request)).find(
    (call) => call.path.endsWith('/createUser') && call.body?.email === email,
  );
  expect(createUser?.headers['add-user-token']).toBe(true);
  expect(createUser?.body).toMatchObject({ email, displayName: 'Dana Jansen' });

  await page.goto('/login/en/signup');
  await expect(page).toHaveURL(/\/login\/en$/);

  await page.goto(await latestSignInLink(request, email));
  await expect(page).toHaveURL(`${organisationOrigin('acme')}/`);
});

test('sign-up has the way back to use another e-mail address, and the sign-up is then forgotten', async ({ page }) => {
  await requestLink(page, newColleague(), 'en', 'signup');
  await page.getByRole('button', { name: 'Use another e-mail address' }).click();
  await expect(page).toHaveURL(/\/login\/en$/);
  await expect(page.getByLabel('Work e-mail')).toHaveValue('');
  await page.goto('/login/en/signup');
  await expect(page).toHaveURL(/\/login\/en$/);
});

test('the name is limited to 255 characters', async ({ page }) => {
  await page.goto('/login/en');
  await page.getByLabel('Work e-mail').fill(newColleague());
  await page.getByRole('button', { name: 'Send sign-in link' }).click();
  await page.getByLabel('Your name').fill('x'.repeat(300));
  await expect(page.getByLabel('Your name')).toHaveValue('x'.repeat(255));
  await expect(page.getByRole('button', { name: 'Create my account' })).toBeEnabled();
});

test('a name the backend refuses is marked as wrong and kept for correction', async ({ page }) => {
  await page.goto('/login/en');
  await page.getByLabel('Work e-mail').fill(newColleague());
  await page.getByRole('button', { name: 'Send sign-in link' }).click();
  await page.getByLabel('Your name').fill('Please reject me');
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('This name cannot be used. Please choose another one.');
  await expect(page.getByLabel('Your name')).toHaveValue('Please reject me');
  await expect(page.getByLabel('Your name')).toHaveAttribute('aria-invalid', 'true');
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
  await page.getByLabel('Your name').fill('Frits');
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page).toHaveURL(/\/login\/en\/mail-sent$/);
  await context.close();
});
