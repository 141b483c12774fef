import { expect, test, type Page } from '@playwright/test';
import { backendCalls, uniqueAddress } from './support/backend.ts';
import { DOMAIN, HTTPS_PORT } from './support/environment.ts';
import { requestLink } from './support/sign-in.ts';

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
  await expect(page.getByText('Too many sign-in attempts in a short time.')).toBeVisible();
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByLabel('Work e-mail')).toHaveValue('rate-limited@errors.test');
});

const rateLimitWords = [
  { language: 'en', heading: 'Please wait a moment', wait: /^You can try again in (\d+) s\.$/, now: 'You can try again now.', unknownWait: 'Please wait a few minutes, then try again.' },
  { language: 'de', heading: 'Bitte warten Sie einen Moment', wait: /^Sie können es in (\d+) s erneut versuchen\.$/, now: 'Sie können es jetzt erneut versuchen.', unknownWait: 'Bitte warten Sie einige Minuten und versuchen Sie es dann erneut.' },
  { language: 'nl', heading: 'Even geduld', wait: /^Je kunt het over (\d+) s opnieuw proberen\.$/, now: 'Je kunt het nu opnieuw proberen.', unknownWait: 'Wacht een paar minuten en probeer het dan opnieuw.' },
];

for (const { language, heading, wait, now, unknownWait } of rateLimitWords) {
  test(`${language}: the rate-limit view says when to try again, under a secondary control rather than the primary blue`, async ({ page }) => {
    // This app's own lock: a second link for the same address within 30 s, with its real time left.
    const email = uniqueAddress('anna@acme.test');
    await page.clock.install();
    await requestLink(page, email, language);
    await submitEmail(page, email, language);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    const waitLine = page.getByRole('main').getByText(wait);
    await expect(waitLine).toBeVisible();
    const seconds = Number(wait.exec((await waitLine.textContent()) ?? '')?.[1]);
    expect(seconds).toBeGreaterThan(20);
    expect(seconds).toBeLessThanOrEqual(30);
    const tryAgain = page.getByRole('button', { name: /Try again|Erneut versuchen|Opnieuw proberen/ });
    await expect(tryAgain).toBeVisible();
    await expect(tryAgain).not.toHaveCSS('background-color', 'rgb(1, 111, 246)');
    await expect(tryAgain).toHaveCSS('background-color', 'rgb(255, 255, 255)');
    await page.clock.fastForward(31_000);
    await expect(page.getByRole('main').getByText(now)).toBeVisible();
    await expect(page.getByRole('main').getByText(wait)).toHaveCount(0);

    // The backend's limit names no time: the view says how long to expect, not "later".
    await submitEmail(page, 'rate-limited@errors.test', language);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page.getByRole('main').getByText(unknownWait)).toBeVisible();
  });
}

const pricingPages = [
  { language: 'en', heading: 'Your free trial has ended', pricing: 'View pricing plans', url: /\/en-gb\/pricing$/ },
  { language: 'de', heading: 'Ihre kostenlose Testphase ist abgelaufen', pricing: /Tarife/, url: /\/de\/preise$/ },
  { language: 'nl', heading: 'Je gratis proefperiode is afgelopen', pricing: 'Prijzen bekijken', url: /\/nl\/prijzen$/ },
];

for (const { language, heading, pricing, url } of pricingPages) {
  test(`an expired free trial offers sales and the ${language} pricing page`, async ({ page }) => {
    await submitEmail(page, 'trial-expired@errors.test', language);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    // The link is the same in every deployment; it leads where this server's settings say (lib/platform/settings/links.ts).
    const href = await page.getByRole('link', { name: pricing }).getAttribute('href');
    expect(href).toBe(`/login/${language}/links/pricing`);
    const followed = await page.request.get(`https://127.0.0.1:${HTTPS_PORT}${href}`, { headers: { host: `web.${DOMAIN}:${HTTPS_PORT}` }, maxRedirects: 0 });
    expect(followed.status()).toBe(302);
    expect(followed.headers().location).toMatch(url);
    await expect(page.getByRole('link', { name: /sales|Vertrieb/i })).toBeVisible();
  });
}
