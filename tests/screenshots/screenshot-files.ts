import { join } from 'node:path';

/** The README's screenshots: which screens, at which sizes, in which schemes, and where each file lives. */

export const SCREENSHOT_SCREENS = ['login', 'mail-sent', 'picker', 'trial-expired'] as const;
export type ScreenshotScreen = (typeof SCREENSHOT_SCREENS)[number];

/** The viewport in CSS pixels; a page longer than it is taken whole. */
export const SCREENSHOT_SIZES = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 375, height: 667 },
} as const;
export type ScreenshotSize = keyof typeof SCREENSHOT_SIZES;

/** The person's light or dark setting (`prefers-color-scheme`), which the screens follow. */
export const SCREENSHOT_SCHEMES = ['light', 'dark'] as const;
export type ScreenshotScheme = (typeof SCREENSHOT_SCHEMES)[number];

export const SCREENSHOT_DIRECTORY = 'docs/screenshots';

/** `docs/screenshots/<screen>-<size>.png`, and `<screen>-<size>-dark.png` in the dark scheme, relative to the project root. */
export function screenshotFile(screen: ScreenshotScreen, size: ScreenshotSize, scheme: ScreenshotScheme): string {
  return `${SCREENSHOT_DIRECTORY}/${screen}-${size}${scheme === 'dark' ? '-dark' : ''}.png`;
}

export function screenshotPath(screen: ScreenshotScreen, size: ScreenshotSize, scheme: ScreenshotScheme): string {
  return join(process.cwd(), screenshotFile(screen, size, scheme));
}
