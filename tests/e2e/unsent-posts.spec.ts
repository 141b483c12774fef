import { expect, test, type Page, type Route } from '@playwright/test';
import { invitedAddress, latestSignInLink, newColleague, uniqueAddress } from './support/backend.ts';
import { confirmElsewhere, requestLink } from './support/sign-in.ts';

/**
 * A form post with script that something in front of the app answers instead of it (nginx's own
 * 429 page, a 502 while a deploy swaps the instances) or that never arrives (a dropped
 * connection): the form stays, with what was typed and a translated word of what to do. The
 * faults are nginx's, played here by routing the post: nothing of the app is replaced.
 */

const notSent = {
  en: 'Your request could not be sent. Please try again in a minute.',
  de: 'Ihre Anfrage konnte nicht gesendet werden. Bitte versuchen Sie es in einer Minute erneut.',
  nl: 'Je verzoek kon niet worden verzonden. Probeer het over een minuut opnieuw.',
} as const;

const faults: Record<string, (route: Route) => Promise<void>> = {
  // As deploy/nginx/desk-booking.conf answers a client over its form-post limit.
  "nginx's 429 page": (route) =>
    route.fulfill({ status: 429, contentType: 'text/html', body: '<!doctype html><html lang="en"><title>Too many attempts</title><h1>Too many attempts</h1></html>' }),
  'a 502 during a deploy': (route) =>
    route.fulfill({ status: 502, contentType: 'text/html', body: '<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>' }),
  'a dropped connection': (route) => route.abort('connectionreset'),
};

/** The next form post whose body holds `typed` meets `fault`; every other request goes through. */
async function failPostOf(page: Page, typed: string, fault: (route: Route) => Promise<void>): Promise<{ stop: () => Promise<void> }> {
  const handler = (route: Route) => {
    const request = route.request();
    return request.method() === 'POST' && (request.postData() ?? '').includes(typed) ? fault(route) : route.fallback();
  };
  await page.route('**/login/**', handler);
  return { stop: () => page.unroute('**/login/**', handler) };
}

for (const [fault, answer] of Object.entries(faults)) {
  test(`the e-mail form meets ${fault}: the address stays, the page says to try again in a minute, and the next try sends the link`, async ({ page }) => {
    const email = uniqueAddress('anna@acme.test');
    await page.goto('/login/en');
    const field = page.getByLabel('Work e-mail');
    await field.fill(email);
    const routed = await failPostOf(page, email, answer);
    await page.getByRole('button', { name: 'Send sign-in link' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(notSent.en);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
    await expect(field).toHaveValue(email);

    await routed.stop();
    await page.getByRole('button', { name: 'Send sign-in link' }).click();
    await expect(page).toHaveURL(/\/login\/en\/mail-sent$/);
  });
}

for (const language of ['de', 'nl'] as const) {
  test(`${language}: the e-mail form says in the page's language that the post could not be sent`, async ({ page }) => {
    const email = uniqueAddress('anna@acme.test');
    await page.goto(`/login/${language}`);
    await page.getByRole('textbox').fill(email);
    await failPostOf(page, email, faults["nginx's 429 page"]!);
    await page.getByRole('button', { name: /Anmeldelink|inloglink/i }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(notSent[language]);
    await expect(page.getByRole('textbox')).toHaveValue(email);
  });
}

test('sign-up meets a 502: the name stays and the page says so', async ({ page }) => {
  await requestLink(page, newColleague(), 'en', 'signup');
  const name = page.getByRole('textbox', { name: 'Your name' });
  await name.fill('Noor Visser');
  await failPostOf(page, 'Noor Visser', faults['a 502 during a deploy']!);
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(notSent.en);
  await expect(name).toHaveValue('Noor Visser');
});

test('the invitation meets a dropped connection: the name stays and the page says so', async ({ page }) => {
  await page.goto(`/login/en/invite-user?email=${encodeURIComponent(invitedAddress())}&inviteToken=invite-ok`);
  const name = page.getByRole('textbox', { name: 'Your name' });
  await name.fill('Pim de Boer');
  await failPostOf(page, 'Pim de Boer', faults['a dropped connection']!);
  await page.getByRole('button', { name: 'Join' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(notSent.en);
  await expect(name).toHaveValue('Pim de Boer');
});

test("the code entry meets nginx's 429 page: the code stays and the page says so", async ({ page, browser, request }) => {
  const email = uniqueAddress('bert@globex.test');
  await requestLink(page, email);
  const elsewhere = await browser.newContext({ ignoreHTTPSErrors: true });
  const code = await confirmElsewhere(await elsewhere.newPage(), await latestSignInLink(request, email));
  await elsewhere.close();
  const field = page.getByRole('textbox', { name: 'Code of six digits' });
  await expect(field).toBeVisible({ timeout: 8_000 });
  await field.fill(code);
  await failPostOf(page, code, faults["nginx's 429 page"]!);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(notSent.en);
  await expect(field).toHaveValue(code);
});
