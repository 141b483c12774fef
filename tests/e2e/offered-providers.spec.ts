import type { ChildProcess } from 'node:child_process';
import { expect, test, type Page } from '@playwright/test';
import { BACKEND_ORIGIN, DOMAIN, IDENTITY_PROVIDER_ORIGIN, SSO_CLIENTS, appServerSettings, testPort } from './support/environment.ts';
import { startStandaloneApp } from './support/standalone-app.ts';

/**
 * The login page offers the providers a deployment configured, and no others (issue 47): one
 * instance with Google's settings alone, one with no provider at all. Both are the standalone
 * server with only environment variables, serving the prerendered page the proxy picks.
 */

test.describe.configure({ mode: 'serial' });

const GOOGLE_ONLY_PORT = testPort(4650);
const NONE_PORT = testPort(4651);
const instances: ChildProcess[] = [];

test.beforeAll(async () => {
  const { GOOGLE_ISSUER, BACKEND_URL } = appServerSettings(BACKEND_ORIGIN, IDENTITY_PROVIDER_ORIGIN);
  const [googleOnly, none] = await Promise.all([
    startStandaloneApp({
      port: GOOGLE_ONLY_PORT,
      backendUrl: BACKEND_URL,
      environment: { GOOGLE_CLIENT_ID: SSO_CLIENTS.GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET: SSO_CLIENTS.GOOGLE_CLIENT_SECRET, GOOGLE_ISSUER },
    }),
    startStandaloneApp({ port: NONE_PORT, backendUrl: BACKEND_URL }),
  ]);
  instances.push(googleOnly!, none!);
});

test.afterAll(() => {
  for (const instance of instances) instance.kill();
});

function loginPage(port: number, language = 'en'): string {
  return `http://web.${DOMAIN}:${port}/login/${language}`;
}

async function providerButtons(page: Page): Promise<string[]> {
  return await page.getByRole('link', { name: /^Sign in with / }).allInnerTexts();
}

test('without Microsoft settings the login page shows Google and no Microsoft', async ({ page }) => {
  await page.goto(loginPage(GOOGLE_ONLY_PORT));
  await expect(page.getByRole('textbox', { name: 'Work e-mail' })).toBeVisible();
  expect(await providerButtons(page)).toEqual(['Sign in with Google']);
  await expect(page.getByText('or', { exact: true })).toBeVisible();
});

test('with no provider configured the page is the e-mail form alone: no buttons, no "or"', async ({ page }) => {
  await page.goto(loginPage(NONE_PORT));
  await expect(page.getByRole('textbox', { name: 'Work e-mail' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send sign-in link' })).toBeVisible();
  expect(await providerButtons(page)).toEqual([]);
  await expect(page.getByText('or', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Google|Microsoft/ })).toHaveCount(0);
});

test('in every language, and rendered per request too (with an error to show)', async ({ page }) => {
  for (const language of ['de', 'nl']) {
    await page.goto(loginPage(NONE_PORT, language));
    await expect(page.getByRole('link', { name: /Google|Microsoft/ })).toHaveCount(0);
    await page.goto(loginPage(GOOGLE_ONLY_PORT, language));
    await expect(page.getByRole('link', { name: /Google/ })).toHaveCount(1);
    await expect(page.getByRole('link', { name: /Microsoft/ })).toHaveCount(0);
  }
  // With ?error= the page is filled from the template of the deployment's variant: the same providers.
  await page.goto(`${loginPage(GOOGLE_ONLY_PORT)}?error=sso-start-again`);
  await expect(page.getByRole('main').getByRole('alert')).toBeVisible();
  expect(await providerButtons(page)).toEqual(['Sign in with Google']);
});
