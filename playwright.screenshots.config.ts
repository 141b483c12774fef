import { defineConfig } from '@playwright/test';
import suite from './playwright.config';
import type { EngineName } from './tests/e2e/engines/engine';

/**
 * `npm run screenshots`: the README's pictures of the main screens (tests/screenshots/). The same
 * servers as the end-to-end suite (the built app, the development backend, the identity provider
 * and nginx, prepared by tests/e2e/support/prepare.ts), but only this folder's spec, so that `npm test`
 * never retakes them.
 */
export default defineConfig<object, { engine: EngineName }>({
  ...suite,
  testDir: './tests/screenshots',
  outputDir: './test-results/screenshots',
  reporter: [['list'], ['./tests/e2e/support/server-logs-reporter.ts']],
  projects: [
    { name: 'screenshots', use: { browserName: 'chromium' }, testMatch: /readme-screens\.spec\.ts$/ },
    // The main screens in each engine, side by side (engine-screens.spec.ts).
    ...(['chromium', 'firefox', 'webkit'] as const).map((engine) => ({ name: `${engine} screens`, use: { engine }, testMatch: /engine-screens\.spec\.ts$/ })),
  ],
});
