import { defineConfig } from '@playwright/test';
import suite from './playwright.config';

/**
 * `npm run screenshots`: the README's pictures of the main screens (tests/screenshots/). The same
 * servers as the end-to-end suite (the built app, the development backend, the identity provider
 * and nginx, prepared by tests/e2e/support/prepare.ts), but only this folder's spec, so that `npm test`
 * never retakes them.
 */
export default defineConfig({
  ...suite,
  testDir: './tests/screenshots',
  outputDir: './test-results/screenshots',
  reporter: [['list'], ['./tests/e2e/support/server-logs-reporter.ts']],
  projects: [{ name: 'screenshots', use: { browserName: 'chromium' } }],
});
