import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import packageJson from '@/package.json';
import {
  SCREENSHOT_SCHEMES,
  SCREENSHOT_SCREENS,
  SCREENSHOT_SIZES,
  screenshotFile,
  type ScreenshotSize,
} from '../screenshots/screenshot-files';

/**
 * The README shows the main screens (issue 15, item 8), in pictures that `npm run screenshots`
 * takes (tests/screenshots/); they are checked here as files, without a browser.
 */

const root = join(__dirname, '../..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const pictures = SCREENSHOT_SCREENS.flatMap((screen) =>
  (Object.keys(SCREENSHOT_SIZES) as ScreenshotSize[]).flatMap((size) =>
    SCREENSHOT_SCHEMES.map((scheme) => ({ screen, size, scheme, file: screenshotFile(screen, size, scheme) })),
  ),
);

/** All sixteen together, so that the README stays quick to load and the repository small. */
const TOTAL_BYTES_BUDGET = 400 * 1024;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height from the PNG's header chunk, which directly follows the signature. */
function pngDimensions(file: string): { width: number; height: number } {
  const bytes = readFileSync(join(root, file));
  expect(bytes.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  expect(bytes.toString('latin1', 12, 16)).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('the README screenshots', () => {
  it('show every main screen on a desktop and on a phone, in the light and the dark scheme', () => {
    expect(pictures).toHaveLength(16);
    const shown = [...readme.matchAll(/<img\s[^>]*\bsrc="(docs\/screenshots\/[^"]+)"/g)].map((match) => match[1]);
    expect(shown.sort()).toEqual(pictures.map((picture) => picture.file).sort());
  });

  it.each(pictures)('$file is a PNG as wide as the $size viewport: one device pixel per CSS pixel', ({ file, size }) => {
    const { width, height } = pngDimensions(file);
    expect(width).toBe(SCREENSHOT_SIZES[size].width);
    expect(height).toBeGreaterThanOrEqual(SCREENSHOT_SIZES[size].height);
  });

  it.each(SCREENSHOT_SCREENS)('the dark %s pictures differ from the light ones', (screen) => {
    for (const size of Object.keys(SCREENSHOT_SIZES) as ScreenshotSize[]) {
      const [light, dark] = SCREENSHOT_SCHEMES.map((scheme) => readFileSync(join(root, screenshotFile(screen, size, scheme))));
      expect(dark!.equals(light!)).toBe(false);
    }
  });

  it(`stay within ${TOTAL_BYTES_BUDGET / 1024} KB together`, () => {
    const total = pictures.reduce((sum, picture) => sum + statSync(join(root, picture.file)).size, 0);
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(TOTAL_BYTES_BUDGET);
  });

  it('are retaken by npm run screenshots, which npm test does not run', () => {
    const scripts: Record<string, string> = packageJson.scripts;
    expect(scripts.screenshots).toContain('--config playwright.screenshots.config.ts');
    expect(scripts.test).not.toContain('screenshots');
    expect(scripts['test:e2e']).toContain('playwright test');
    expect(scripts['test:e2e']).not.toContain('--config');
    // The suite's own configuration only looks in tests/e2e.
    expect(readFileSync(join(root, 'playwright.config.ts'), 'utf8')).toContain("testDir: './tests/e2e'");
    expect(readme).toContain('npm run screenshots');
  });
});
