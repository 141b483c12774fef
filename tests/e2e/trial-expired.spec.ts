import { expect, test } from '@playwright/test';

/**
 * The free-trial-ended view replaces the login form (after the e-mail step) or is a page of its
 * own (after single sign-on); either way the person can still sign in with another address or
 * another method (issue 26, item 7).
 */

const views = [
  { language: 'en', heading: 'Your free trial has ended', anotherWay: 'Sign in another way', login: 'Sign in', field: 'Work e-mail', google: 'Sign in with Google' },
  { language: 'de', heading: 'Ihre kostenlose Testphase ist abgelaufen', anotherWay: 'Auf andere Weise anmelden', login: 'Anmelden', field: 'Geschäftliche E-Mail-Adresse', google: 'Mit Google anmelden' },
  { language: 'nl', heading: 'Je gratis proefperiode is afgelopen', anotherWay: 'Op een andere manier inloggen', login: 'Inloggen', field: 'Zakelijk e-mailadres', google: 'Inloggen met Google' },
] as const;

for (const { language, heading, anotherWay, login, field, google } of views) {
  test(`${language}: after the e-mail step, the free-trial-ended view leads back to the login with every method`, async ({ page }) => {
    await page.goto(`/login/${language}`);
    await page.getByRole('textbox').fill('trial-expired@errors.test');
    await page.getByRole('button', { name: /sign-in link|Anmeldelink|inloglink/i }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    // The view replaced the form: no field, no provider, until the person asks for them.
    await expect(page.getByRole('textbox')).toHaveCount(0);

    const back = page.getByRole('main').getByRole('link', { name: anotherWay, exact: true });
    await expect(back).toBeVisible();
    await back.click();
    await expect(page).toHaveURL(new RegExp(`/login/${language}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(login);
    await expect(page.getByRole('textbox', { name: field })).toHaveValue('');
    await expect(page.getByRole('link', { name: google })).toBeVisible();
  });
}

test('after single sign-on, the free-trial-ended page leads back to the login as well', async ({ page }) => {
  await page.goto('/login/start-google?lang=en&login_hint=sso-demo-expired%40errors.test');
  await expect(page).toHaveURL(/\/login\/en\/trial-expired$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your free trial has ended');
  await page.getByRole('main').getByRole('link', { name: 'Sign in another way', exact: true }).click();
  await expect(page).toHaveURL(/\/login\/en$/);
  await expect(page.getByRole('textbox', { name: 'Work e-mail' })).toBeVisible();
});
