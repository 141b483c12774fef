import { expect, test } from '@playwright/test';
import en from '../../messages/en.json' with { type: 'json' };
import de from '../../messages/de.json' with { type: 'json' };
import nl from '../../messages/nl.json' with { type: 'json' };
import { backendCalls } from './support/backend.ts';

/** A query key of its own, so that this test finds its calls among those of parallel tests. */
function probe() {
  return `probe${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}

async function userActionCalls(request: Parameters<typeof backendCalls>[0], key: string) {
  return (await backendCalls(request)).filter((call) => call.path.endsWith('/userAction') && call.queryKeys.includes(key));
}

test('"retain" extends the booking as soon as the page opens, passing the link\'s query on', async ({ page, request }) => {
  const key = probe();
  await page.goto(`/login/bookings-extend?userAction=retain&token=extend-ok&${key}=1`);
  await expect(page.getByText('Booking extended. Your desk stays yours.')).toBeVisible();
  const [call] = await userActionCalls(request, key);
  expect(call?.queryKeys).toEqual(expect.arrayContaining(['userAction', 'token', key]));
});

test('a failed extension shows the expired-link message in red', async ({ page }) => {
  await page.goto('/login/en/bookings-extend?userAction=retain&token=expired');
  const message = page.getByRole('main').getByRole('alert');
  await expect(message).toHaveText('This link has expired.');
  await expect(message).toHaveCSS('color', 'rgb(180, 35, 24)');
});

test('"cancel" asks first and calls the backend only after the confirming click', async ({ page, request }) => {
  const key = probe();
  await page.goto(`/login/nl/bookings-extend?userAction=cancel&token=cancel-ok&${key}=1`);
  await expect(page.getByRole('heading', { name: 'Deze reservering annuleren?' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await userActionCalls(request, key)).toHaveLength(0);

  // Cancelling cannot be undone: the danger colour, not the primary blue of going on.
  await expect(page.getByRole('button', { name: 'Ja, reservering annuleren' })).toHaveCSS('background-color', 'rgb(180, 35, 24)');
  await page.getByRole('button', { name: 'Ja, reservering annuleren' }).click();
  await expect(page.getByText(nl.bookings.cancelledBody)).toBeVisible();
  expect(await userActionCalls(request, key)).toHaveLength(1);
});

const dictionaries = { en, de, nl };

for (const language of ['en', 'de', 'nl'] as const) {
  const t = dictionaries[language].bookings;
  test(`${language}: once cancelled, the heading and the tab's title say so, and the box below says what follows instead of repeating it`, async ({ page }) => {
    await page.goto(`/login/${language}/bookings-extend?userAction=cancel&token=cancel-ok`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.cancelHeading);
    await expect(page).toHaveTitle(`${t.cancelHeading} · Desk Booking`);
    await page.getByRole('button', { name: t.confirmCancel }).click();
    await expect(page.getByRole('main').getByRole('status')).toHaveText(t.cancelledBody);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.cancelledHeading);
    await expect(page).toHaveTitle(`${t.cancelledHeading} · Desk Booking`);
    await expect(page.getByRole('main').getByText(t.cancelledHeading)).toHaveCount(1);
  });

  test(`${language}: a booking link the backend does not know says it is not valid; one it knows as expired still says expired`, async ({ page }) => {
    await page.goto(`/login/${language}/bookings-extend?userAction=retain&token=no-such-booking-${Date.now()}`);
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(t.invalid);
    await page.goto(`/login/${language}/bookings-extend?userAction=retain&token=expired`);
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(t.expired);
  });
}

test('a mail scanner opening a booking link changes nothing', async ({ browser, request }) => {
  const key = probe();
  const scanner = await browser.newContext({ javaScriptEnabled: false, ignoreHTTPSErrors: true });
  const response = await (await scanner.newPage()).goto(`/login/bookings-extend?userAction=retain&token=extend-ok&${key}=1`);
  expect(response?.status()).toBe(200);
  await scanner.close();
  expect(await userActionCalls(request, key)).toHaveLength(0);
});

test('without JavaScript a button extends the booking, passing the link\'s query on, and the answer shows on the page', async ({ browser, request }) => {
  const key = probe();
  const context = await browser.newContext({ javaScriptEnabled: false, ignoreHTTPSErrors: true });
  const page = await context.newPage();
  await page.goto(`/login/en/bookings-extend?userAction=retain&token=extend-ok&${key}=1`);
  expect(await userActionCalls(request, key), 'nothing done by opening the page').toHaveLength(0);
  await page.getByRole('button', { name: 'Extend the booking' }).click();
  await expect(page.getByText('Booking extended. Your desk stays yours.')).toBeVisible();
  const calls = await userActionCalls(request, key);
  expect(calls).toHaveLength(1);
  expect(calls[0]?.queryKeys).toEqual(expect.arrayContaining(['userAction', 'token', key]));
  // The form posted to the link's own address: reloaded, it asks again rather than showing an empty page.
  await expect(page).toHaveURL(new RegExp(`/login/en/bookings-extend\\?userAction=retain&token=extend-ok&${key}=1$`));
  await context.close();
});

test('the booking action passes on the query of the address it was posted to, never a header a client wrote', async ({ browser, request }) => {
  const key = probe();
  const context = await browser.newContext({ ignoreHTTPSErrors: true, extraHTTPHeaders: { 'x-desk-view-query': `userAction=retain&token=forged&${key}=forged` } });
  const page = await context.newPage();
  await page.goto(`/login/en/bookings-extend?userAction=retain&token=extend-ok&${key}=1`);
  await expect(page.getByText('Booking extended. Your desk stays yours.')).toBeVisible();
  const [call] = await userActionCalls(request, key);
  expect(call?.query?.token).toBe('extend-ok');
  await context.close();
});

test('the open-the-app button: the login on a computer, the mobile app on a phone', async ({ page, browser }) => {
  await page.goto('/login/en/bookings-extend?userAction=retain&token=extend-ok');
  await expect(page.getByRole('link', { name: 'Open the app' })).toHaveAttribute('href', '/login/en');

  const phone = await browser.newContext({
    ignoreHTTPSErrors: true,
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
  });
  const phonePage = await phone.newPage();
  await phonePage.goto('/login/en/bookings-extend?userAction=retain&token=extend-ok');
  await expect(phonePage.getByRole('link', { name: 'Open the app' })).toHaveAttribute('href', 'deskbooking://open');
  await phone.close();
});
