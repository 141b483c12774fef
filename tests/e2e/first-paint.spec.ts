import { expect, test, type Page, type Route } from '@playwright/test';
import { uniqueAddress } from './support/backend.ts';
import { SCREENS } from './support/screens.ts';

/**
 * Issue 16: on a slow phone the first response paints the page. Every script is held back here,
 * as a slow network holds it: the screen must paint, be readable and take input before any of
 * them arrives, and nothing may hold the first paint back (no stylesheet, script or font request
 * that blocks rendering). BENCHMARKS.md has the timings under Lighthouse's throttling.
 */

const FRAMEWORK_SCRIPTS = /\/login\/_next\/static\/.+\.js(\?.*)?$/;

/** Holds every script request of the page unanswered until `release` is called. */
async function holdScripts(page: Page) {
  const held: Route[] = [];
  await page.route(FRAMEWORK_SCRIPTS, (route) => {
    held.push(route);
  });
  return {
    count: () => held.length,
    async release() {
      await Promise.all(held.splice(0).map((route) => route.continue()));
      await page.unroute(FRAMEWORK_SCRIPTS);
    },
  };
}

/** What the browser reports about the load so far: its paints, and any render-blocking request. */
function paintsAndBlockingRequests() {
  const names = (type: string) => performance.getEntriesByType(type).map((entry) => entry.name);
  return {
    paints: names('paint'),
    renderBlocking: performance
      .getEntriesByType('resource')
      .filter((entry) => (entry as PerformanceResourceTiming & { renderBlockingStatus?: string }).renderBlockingStatus === 'blocking')
      .map((entry) => entry.name),
    scriptsRun: performance.getEntriesByType('resource').filter((entry) => /\/_next\/static\/.+\.js/.test(entry.name)).length,
  };
}

for (const screen of SCREENS) {
  test(`${screen.name} paints and is readable before any script arrives, with nothing render-blocking`, async ({ page }) => {
    const path = await screen.open(page);
    const scripts = await holdScripts(page);
    await page.goto(path, { waitUntil: 'commit' });

    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect.poll(async () => (await page.evaluate(paintsAndBlockingRequests)).paints).toContain('first-contentful-paint');
    const load = await page.evaluate(paintsAndBlockingRequests);
    // The hold is real: the page asked for its scripts, and none of them has arrived.
    expect(scripts.count(), 'script requests held back').toBeGreaterThan(0);
    expect(load.scriptsRun, 'scripts that arrived').toBe(0);
    expect(load.renderBlocking, 'render-blocking requests').toEqual([]);
    await scripts.release();
  });
}

test('the login page as most browsers get it asks for its script files only after its content', async ({ page }) => {
  const html = await (await page.goto('/login/en'))!.text();
  const content = html.indexOf('</main>');
  const firstScriptFile = html.search(/<script\b[^>]*\bsrc=|<link\b[^>]*\bas="script"/);
  // Both are there: the content, and the script files that hydrate it.
  expect(content).toBeGreaterThan(0);
  expect(firstScriptFile).toBeGreaterThan(0);
  expect(firstScriptFile, 'where the first script file is asked for, against the end of the content').toBeGreaterThan(content);
});

test('an address typed before the scripts arrive is kept when they do, and the link goes to it', async ({ page }) => {
  const scripts = await holdScripts(page);
  await page.goto('/login/en', { waitUntil: 'commit' });
  const email = uniqueAddress('anna@acme.test');
  await page.getByRole('textbox', { name: 'Work e-mail' }).fill(email);
  expect(scripts.count(), 'script requests held back').toBeGreaterThan(0);

  await scripts.release();
  // Hydrated: React has taken the field over (its own property on the element).
  await page.waitForFunction(() => {
    const field = document.querySelector('input[name="email"]');
    return field !== null && Object.keys(field).some((key) => key.startsWith('__reactFiber'));
  });
  await expect(page.getByRole('textbox', { name: 'Work e-mail' })).toHaveValue(email);
  await page.getByRole('button', { name: /sign-in link/i }).click();
  await expect(page).toHaveURL(/\/login\/en\/mail-sent$/);
  await expect(page.getByText(email)).toBeVisible();
});
