import { expect, test, type Page } from '@playwright/test';
import { backendCalls } from './support/backend.ts';

async function submitEmail(page: Page, email: string, language = 'en') {
  await page.goto(`/login/${language}`);
  await page.getByRole('textbox').fill(email);
  await page.getByRole('button', { name: /sign-in link|Anmeldelink|inloglink/i }).click();
}

test('an address that is not an e-mail address is refused in the browser, and nothing is sent', async ({ page, request }) => {
  await submitEmail(page, 'anna@acme');
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('Please enter a valid e-mail address.');
  await expect(page.getByLabel('Work e-mail')).toHaveValue('anna@acme');
  await expect(page.getByLabel('Work e-mail')).toHaveAttribute('aria-invalid', 'true');
  const calls = await backendCalls(request);
  expect(calls.filter((call) => call.path.includes(encodeURIComponent('anna@acme') + '/'))).toHaveLength(0);
});

const inlineErrors = [
  { email: 'invalid-email@errors.test', message: 'Invalid e-mail address.' },
  { email: 'not-found@errors.test', message: /^User not found/ },
  { email: 'unknown-code@errors.test', message: 'Something went wrong. Please try again.' },
  { email: 'server-error@errors.test', message: 'Something went wrong. Please try again.' },
  { email: 'wrong-shape@errors.test', message: 'Something went wrong. Please try again.' },
];

for (const { email, message } of inlineErrors) {
  test(`verifyUser refusing ${email} shows its message and keeps the address`, async ({ page }) => {
    await submitEmail(page, email);
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(message);
    await expect(page.getByLabel('Work e-mail')).toHaveValue(email);
    await expect(page).toHaveURL(/\/login\/en$/);
  });
}

test('a backend slower than the timeout gives "not reachable" after a visible pending state, not a hang', async ({ page }) => {
  await submitEmail(page, 'slow@errors.test');
  await expect(page.getByRole('button', { name: 'Sending…' })).toBeDisabled();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(/not reachable right now/, { timeout: 10_000 });
  await expect(page.getByRole('button', { name: 'Send sign-in link' })).toBeEnabled();
});

test('a one-time-code account is sent to the /totp page with the app-store and support links', async ({ page }) => {
  await submitEmail(page, 'totp@errors.test');
  await expect(page).toHaveURL(/\/login\/en\/totp$/);
  await expect(page.getByRole('heading', { name: 'Use the app to sign in' })).toBeVisible();
  for (const name of ['Download on the App Store', 'Get it on Google Play', 'Contact support']) {
    await expect(page.getByRole('link', { name })).toHaveAttribute('href', /^https:\/\//);
  }
});

test('too many attempts shows the rate-limit view; "try again" brings the form back with the address', async ({ page }) => {
  await submitEmail(page, 'rate-limited@errors.test');
  await expect(page.getByRole('heading', { name: 'Please wait a moment' })).toBeFocused();
  await expect(page.getByText('Too many login attempts. Please try again later.')).toBeVisible();
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByLabel('Work e-mail')).toHaveValue('rate-limited@errors.test');
});

const pricingPages = [
  { language: 'en', heading: 'Your free trial has ended', pricing: 'View pricing plans', url: /\/en-gb\/pricing$/ },
  { language: 'de', heading: 'Ihre kostenlose Testphase ist abgelaufen', pricing: /Tarife/, url: /\/de\/preise$/ },
  { language: 'nl', heading: 'Je gratis proefperiode is afgelopen', pricing: 'Prijzen bekijken', url: /\/nl\/prijzen$/ },
];

for (const { language, heading, pricing, url } of pricingPages) {
  test(`an expired free trial offers sales and the ${language} pricing page`, async ({ page }) => {
    await submitEmail(page, 'trial-expired@errors.test', language);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page.getByRole('link', { name: pricing })).toHaveAttribute('href', url);
    await expect(page.getByRole('link', { name: /sales|Vertrieb/i })).toBeVisible();
  });
}
