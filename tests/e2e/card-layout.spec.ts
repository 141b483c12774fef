import { expect, test, type Page } from '@playwright/test';
import { SCREENS } from './support/screens.ts';
import { requestLink } from './support/sign-in.ts';
import { uniqueAddress } from './support/backend.ts';

/**
 * The card's padding as a person sees it: from the card's edge to the first and the last thing
 * drawn in it, a line of text or the filled or outlined box (a button) that holds it, whatever
 * invisible room the elements around it take (issue 26, item 12).
 */
async function visiblePadding(page: Page): Promise<{ top: number; bottom: number; last: string }> {
  return await page.getByRole('main').evaluate((card) => {
    const cardBox = card.getBoundingClientRect();
    /** The nearest element inside the card that draws a box of its own around the text. */
    const drawnBox = (element: Element): Element | undefined => {
      for (let at: Element | null = element; at && at !== card; at = at.parentElement) {
        const style = getComputedStyle(at);
        if (style.backgroundColor !== 'rgba(0, 0, 0, 0)' || parseFloat(style.borderTopWidth) > 0) return at;
      }
      return undefined;
    };
    const walker = document.createTreeWalker(card, NodeFilter.SHOW_TEXT);
    const lines: { top: number; bottom: number; text: string }[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      const parent = node.parentElement;
      if (!text || !parent || !parent.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const box = drawnBox(parent)?.getBoundingClientRect() ?? range.getBoundingClientRect();
      // Visually hidden text (1 px, clipped) is for screen readers: not a line anyone sees.
      if (box.height < 4 || box.width < 4) continue;
      lines.push({ top: box.top, bottom: box.bottom, text });
    }
    const first = Math.min(...lines.map((line) => line.top));
    const lastLine = lines.reduce((lowest, line) => (line.bottom > lowest.bottom ? line : lowest));
    return { top: first - cardBox.top, bottom: cardBox.bottom - lastLine.bottom, last: lastLine.text };
  });
}

for (const viewport of [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 375, height: 812 },
]) {
  test.describe(`${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    for (const screen of [...SCREENS, { name: 'free-trial-ended page', open: async () => '/login/en/trial-expired' }]) {
      test(`on the ${screen.name}, the card has as much room under its last line as above its first`, async ({ page }) => {
        await page.goto(await screen.open(page));
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        const padding = await visiblePadding(page);
        // A few pixels of difference are the line heights of the first and the last line.
        expect(Math.abs(padding.bottom - padding.top), `${JSON.stringify(padding)}`).toBeLessThanOrEqual(4);
      });
    }
  });
}

test('the mail-sent card keeps its size when the send-again countdown ends', async ({ page }) => {
  await page.clock.install();
  await requestLink(page, uniqueAddress('anna@acme.test'));
  const countdown = page.getByText(/You can send again in \d+ s\./);
  await expect(countdown).toBeVisible();
  const before = await page.getByRole('main').boundingBox();

  await page.clock.fastForward(31_000);
  await expect(page.getByRole('button', { name: 'Send again' })).toHaveAttribute('aria-disabled', 'false');
  await expect(countdown).toHaveCount(0);
  const after = await page.getByRole('main').boundingBox();
  expect(after).toEqual(before);
});
