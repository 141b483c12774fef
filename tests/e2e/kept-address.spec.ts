import { expect, test } from '@playwright/test';
import { uniqueAddress } from './support/backend.ts';
import { requestLink } from './support/sign-in.ts';

/** The address a person sent a link to comes back into the field when they turn back (docs/product.md, Mail sent). */

test('"Use another e-mail address" puts the focus in the e-mail field, which holds the address to correct', async ({ page }) => {
  const email = uniqueAddress('anna@acme.test');
  await requestLink(page, email);
  await page.getByRole('button', { name: 'Use another e-mail address' }).click();
  await expect(page).toHaveURL(/\/login\/en$/);
  const field = page.getByLabel('Work e-mail');
  await expect(field).toHaveValue(email);
  await expect(field).toBeFocused();
});

for (const javaScriptEnabled of [true, false]) {
  test(`${javaScriptEnabled ? 'with' : 'without'} JavaScript, the browser's Back from "Check your inbox" shows the address the link went to`, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled, ignoreHTTPSErrors: true });
    const page = await context.newPage();
    const email = uniqueAddress('anna@acme.test');
    await requestLink(page, email);
    await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/login\/en$/);
    await expect(page.getByLabel('Work e-mail')).toHaveValue(email);
    await context.close();
  });
}
