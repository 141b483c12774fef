import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * WCAG 1.4.11 Non-text Contrast, for what axe does not measure (ACCESSIBILITY.md): the parts of
 * controls a person needs to find them or see focus keep 3:1 against what surrounds them. The
 * colours are the theme of app/globals.css, read from the file itself.
 */

const css = readFileSync(join(process.cwd(), 'app/globals.css'), 'utf8');

function themeColour(name: string): string {
  const match = new RegExp(`--color-${name}:\\s*(#[0-9a-fA-F]{6})\\s*;`).exec(css);
  if (!match?.[1]) throw new Error(`--color-${name} is not a six-digit hex colour in app/globals.css`);
  return match[1];
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

  it('a text field’s border stands out 3:1 from the white card', () => {
    expect(contrast(themeColour('field-line'), WHITE)).toBeGreaterThanOrEqual(3);
  });

  it('the focus outline is the primary colour, 3 px wide, 3:1 against the card and the page behind it', () => {
    expect(css).toMatch(/:focus-visible\s*\{[^}]*outline:\s*3px solid var\(--color-primary\)/);
    expect(contrast(themeColour('primary'), WHITE)).toBeGreaterThanOrEqual(3);
    expect(contrast(themeColour('primary'), themeColour('canvas'))).toBeGreaterThanOrEqual(3);
  });

  it('a filled primary button stands out 3:1 from the card, and its white label 4.5:1 from it', () => {
    expect(contrast(themeColour('primary'), WHITE)).toBeGreaterThanOrEqual(4.5);
  });
});
