import { expect, test } from './test.ts';
import type { Window } from './engine.ts';

/** Issue 49: the sign-in follows the person's light or dark setting in every engine. */

/** WCAG's relative luminance of a computed colour, `rgb(r, g, b)`. */
function luminance(colour: string): number {
  const [r = 0, g = 0, b = 0] = (colour.match(/[\d.]+/g) ?? []).slice(0, 3).map((value) => {
    const channel = Number(value) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** How light the page behind the card, the card and its words are, as the person sees them. */
async function look(window: Window) {
  await window.expectVisible('heading', 'Sign in');
  const colours = await window.evaluate<string[]>(
    "[getComputedStyle(document.body).backgroundColor, getComputedStyle(document.querySelector('main')).backgroundColor, getComputedStyle(document.querySelector('main')).color]",
  );
  const [page, card, words] = colours.map(luminance);
  return { page, card, words };
}

test('a browser set to dark shows the login page dark with light words; one set to light shows it light', async ({ person }) => {
  const dark = await look(await (await person({ colourScheme: 'dark' })).open('/login/en'));
  expect(dark.page, 'the page behind the card, dark').toBeLessThan(0.05);
  expect(dark.card, 'the card, dark').toBeLessThan(0.05);
  expect(dark.words, 'the words, dark').toBeGreaterThan(0.5);

  // The positive control: the same check tells a light page from a dark one.
  const light = await look(await (await person({ colourScheme: 'light' })).open('/login/en'));
  expect(light.card, 'the card, light').toBeGreaterThan(0.8);
  expect(light.words, 'the words, light').toBeLessThan(0.1);
});
