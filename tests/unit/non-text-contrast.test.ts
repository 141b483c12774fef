import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * WCAG 1.4.11 Non-text Contrast, for what axe does not measure (ACCESSIBILITY.md): the parts of
 * controls a person needs to find them or see focus keep 3:1 against what surrounds them, and the
 * words on a hovered button keep 4.5:1 (axe sees no hover). The colours are the theme of
 * app/globals.css, read from the file itself: the light scheme's `@theme`, and the dark scheme's
 * overrides under `prefers-color-scheme: dark`.
 */

const css = readFileSync(join(process.cwd(), 'app/globals.css'), 'utf8');

type Scheme = 'light' | 'dark';
const schemes: Scheme[] = ['light', 'dark'];

/** The block of the dark scheme's colours, or '' when there is none. */
function darkBlock(): string {
  const start = css.search(/@media \(prefers-color-scheme: dark\)\s*\{/);
  if (start < 0) return '';
  return css.slice(start, css.indexOf('}', start));
}

function hexIn(text: string, name: string): string | undefined {
  return new RegExp(`--color-${name}:\\s*(#[0-9a-fA-F]{6})\\s*;`).exec(text)?.[1];
}

/** A theme colour in a scheme: the dark scheme's own, else the one both schemes share. */
function themeColour(name: string, scheme: Scheme): string {
  const colour = (scheme === 'dark' ? hexIn(darkBlock(), name) : undefined) ?? hexIn(css, name);
  if (!colour) throw new Error(`--color-${name} is not a six-digit hex colour in app/globals.css`);
  return colour;
}

/** Relative luminance and contrast ratio as WCAG 2 defines them. */
function luminance(hex: string): number {
  const [r = 0, g = 0, b = 0] = [1, 3, 5].map((start) => {
    const channel = parseInt(hex.slice(start, start + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const WHITE = '#ffffff';

describe('non-text contrast (WCAG 1.4.11)', () => {
  it('computes contrast as WCAG does', () => {
    expect(contrast('#000000', WHITE)).toBeCloseTo(21, 5);
    expect(contrast('#777777', WHITE)).toBeCloseTo(4.48, 2);
  });

  it('the dark scheme has a card and text of its own: a dark card, light words', () => {
    expect(luminance(themeColour('card', 'light'))).toBe(1);
    expect(luminance(themeColour('card', 'dark'))).toBeLessThan(0.05);
    expect(luminance(themeColour('ink', 'dark'))).toBeGreaterThan(0.5);
  });

  it('the dark scheme keeps the theme’s blue and yellow', () => {
    for (const name of ['primary', 'secondary']) expect(themeColour(name, 'dark')).toBe(themeColour(name, 'light'));
  });

  describe.each(schemes)('in the %s scheme', (scheme) => {
    const colour = (name: string) => themeColour(name, scheme);

    it('a text field’s border stands out 3:1 from the card', () => {
      expect(contrast(colour('field-line'), colour('card'))).toBeGreaterThanOrEqual(3);
    });

    it('the focus outline is the primary colour, 3 px wide, 3:1 against the card, the page behind it and every message’s tint', () => {
      expect(css).toMatch(/:focus-visible\s*\{[^}]*outline:\s*3px solid var\(--color-primary\)/);
      const below3 = ['card', 'canvas', 'primary-tint', 'danger-tint', 'success-tint'].filter((behind) => contrast(colour('primary'), colour(behind)) < 3);
      expect(below3).toEqual([]);
    });

    it('the locked "Send again" (the page’s colour as its fill, muted words) keeps its words 4.5:1', () => {
      expect(contrast(colour('muted'), colour('canvas'))).toBeGreaterThanOrEqual(4.5);
    });

    it('filled buttons keep their words 4.5:1, also while hovered', () => {
      expect(contrast(WHITE, colour('primary'))).toBeGreaterThanOrEqual(4.5);
      expect(contrast(WHITE, colour('primary-strong'))).toBeGreaterThanOrEqual(4.5);
      expect(contrast(colour('on-secondary'), colour('secondary'))).toBeGreaterThanOrEqual(4.5);
      expect(contrast(colour('on-secondary'), colour('secondary-strong'))).toBeGreaterThanOrEqual(4.5);
      expect(contrast(colour('on-danger'), colour('danger'))).toBeGreaterThanOrEqual(4.5);
      expect(contrast(colour('on-danger'), colour('danger-strong'))).toBeGreaterThanOrEqual(4.5);
    });

    it('a field in error shows a border 3:1 against the card', () => {
      expect(contrast(colour('danger'), colour('card'))).toBeGreaterThanOrEqual(3);
    });
  });
});
