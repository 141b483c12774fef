import { expect, test, type Locator, type Page } from '@playwright/test';
import { newColleague, uniqueAddress } from './backend.ts';
import { requestLink } from './sign-in.ts';

/** The mail-sent view as a person reads it: the address, "send again" and its caption, the way back. */

function unique(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/**
 * The text of each line the address spans, as laid out: a Range per character, grouped by the
 * line box it sits in (a Range over the whole address gives a box per line and per text node).
 */
async function linesOf(address: Locator): Promise<string[]> {
  return await address.evaluate((element) => {
    const lines: { top: number; text: string }[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let index = 0; index < text.length; index += 1) {
        const range = document.createRange();
        range.setStart(node, index);
        range.setEnd(node, index + 1);
        const top = range.getBoundingClientRect().top;
        const line = lines.at(-1);
        if (line && Math.abs(line.top - top) < 1) line.text += text[index];
        else lines.push({ top, text: text[index]! });
      }
    }
    return lines.map((line) => line.text);
  });
}

/** Line ends that cut a run of letters and digits in two, such as "newbie2@acme.tes" | "t". */
function wordsBrokenAcrossLines(lines: string[]): string[] {
  return lines.slice(1).flatMap((line, index) => {
    const before = lines[index]!;
    return /[\p{L}\p{N}]$/u.test(before) && /^[\p{L}\p{N}]/u.test(line) ? [`${before} | ${line}`] : [];
  });
}

/** Where the address may wrap, and that it is all there. */
async function expectWrappedBetweenWordParts(page: Page, email: string, where: string): Promise<string[]> {
  const lines = await linesOf(page.getByRole('main').getByText(email, { exact: true }));
  expect(lines.join(''), `${where}: the address, line by line`).toBe(email);
  expect(wordsBrokenAcrossLines(lines), `${where}: lines ${JSON.stringify(lines)}`).toEqual([]);
  return lines;
}

test('the line check finds an address broken inside a word, and accepts one broken after "@" or before a dot', () => {
  expect(wordsBrokenAcrossLines(['newbie2@acme.tes', 't'])).toEqual(['newbie2@acme.tes | t']);
  expect(wordsBrokenAcrossLines(['newbie2@', 'acme', '.test'])).toEqual([]);
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 740 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('the address wraps only between its parts (after "@", before a dot), never inside a word, after sign-in and on and after sign-up', async ({ page }) => {
      const signIns = [uniqueAddress('anna@acme.test'), `anna+${unique()}.with.a.rather.long.tag.to.see.where.it.wraps@acme.test`];
      const signUps = [newColleague(), `new.${unique()}.with.a.rather.long.name.to.see.where.it.wraps@acme.test`];
      const lineCounts: number[] = [];

      for (const email of signIns) {
        await requestLink(page, email);
        lineCounts.push((await expectWrappedBetweenWordParts(page, email, `mail-sent after sign-in, ${email}`)).length);
      }
      for (const email of signUps) {
        await requestLink(page, email, 'en', 'signup');
        lineCounts.push((await expectWrappedBetweenWordParts(page, email, `sign-up, ${email}`)).length);
        await page.getByLabel('Your name').fill('Dana Jansen');
        await page.getByRole('button', { name: 'Create my account' }).click();
        await expect(page).toHaveURL(/\/login\/en\/mail-sent$/);
        lineCounts.push((await expectWrappedBetweenWordParts(page, email, `mail-sent after sign-up, ${email}`)).length);
      }
      // The long addresses do wrap, so the check above had line ends to look at.
      expect(Math.max(...lineCounts), `lines per address: ${lineCounts.join(', ')}`).toBeGreaterThan(1);
    });

    test('the send-again caption sits right under its button and describes it', async ({ page }) => {
      await requestLink(page, uniqueAddress('anna@acme.test'));
      const sendAgain = page.getByRole('button', { name: 'Send again' });
      const caption = page.getByText(/^You can send again in \d+ s\.$/);
      await expect(sendAgain).toHaveAccessibleDescription(/^You can send again in \d+ s\.$/);
      const button = (await sendAgain.boundingBox())!;
      const text = (await caption.boundingBox())!;
      const gap = text.y - (button.y + button.height);
      expect(gap, 'px between the button and its caption').toBeGreaterThanOrEqual(0);
      expect(gap, 'px between the button and its caption').toBeLessThanOrEqual(8);
    });
  });
}

/** How the way back looks, with the pointer away from it (hover underlines it). */
async function wayBackLook(page: Page) {
  await page.mouse.move(0, 0);
  const wayBack = page.getByRole('main').getByRole('button', { name: 'Use another e-mail address', exact: true });
  await expect(wayBack).toBeVisible();
  await expect(page.getByRole('main').getByRole('button', { name: 'Back', exact: true })).toHaveCount(0);
  return await wayBack.evaluate((element) => {
    const style = getComputedStyle(element);
    const box = element.getBoundingClientRect();
    return {
      element: `<${element.tagName.toLowerCase()} type=${element.getAttribute('type')}>`,
      text: element.textContent,
      ...Object.fromEntries(
        (['color', 'backgroundColor', 'fontSize', 'fontWeight', 'textDecorationLine', 'borderTopWidth', 'paddingTop', 'paddingLeft', 'textAlign'] as const).map(
          (property) => [property, style[property]],
        ),
      ),
      width: box.width,
      height: box.height,
    };
  });
}

test('the way back is one and the same after sign-in, on sign-up and after sign-up, and each leads to the login page', async ({ page }) => {
  await requestLink(page, uniqueAddress('anna@acme.test'));
  const afterSignIn = await wayBackLook(page);
  await page.getByRole('button', { name: 'Use another e-mail address' }).click();
  await expect(page).toHaveURL(/\/login\/en$/);
  await expect(page.getByLabel('Work e-mail')).toHaveValue('');
  // The wait is over: the mail-sent view is not shown again.
  await page.goto('/login/en/mail-sent');
  await expect(page).toHaveURL(/\/login\/en$/);

  await requestLink(page, newColleague(), 'en', 'signup');
  expect(await wayBackLook(page), 'on sign-up, as after sign-in').toEqual(afterSignIn);
  await page.getByLabel('Your name').fill('Dana Jansen');
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page).toHaveURL(/\/login\/en\/mail-sent$/);
  expect(await wayBackLook(page), 'after sign-up, as after sign-in').toEqual(afterSignIn);
  await page.getByRole('button', { name: 'Use another e-mail address' }).click();
  await expect(page).toHaveURL(/\/login\/en$/);
});
