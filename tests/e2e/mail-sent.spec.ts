import { expect, test, type Locator, type Page } from '@playwright/test';
import en from '../../messages/en.json' with { type: 'json' };
import de from '../../messages/de.json' with { type: 'json' };
import nl from '../../messages/nl.json' with { type: 'json' };
import { latestSignInLink, newColleague, uniqueAddress } from './support/backend.ts';
import { requestLink, viewHydrated } from './support/sign-in.ts';
import { LOGIN_ORIGIN, organisationOrigin } from './support/environment.ts';

/** The mail-sent view as a person reads it: the address, "send again" and its caption, the way back, the time since the link. */

/** lib/flows/email-sign-in/link-lock.ts: the server refuses "send again" for this long after a link, on its own clock. */
const SEND_AGAIN_LOCK_MS = 30_000;

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

/** Whether what follows the address in its sentence (". Open it…") begins on the address's last line. */
async function followingTextStaysOnItsLine(address: Locator): Promise<boolean> {
  return await address.evaluate((element) => {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    walker.currentNode = element;
    let last: Text | null = null;
    for (let node = walker.nextNode() as Text | null; node && element.contains(node); node = walker.nextNode() as Text | null) last = node;
    const after = walker.currentNode as Text;
    if (!last || after === last || !element.parentElement?.parentElement?.contains(after)) return true;
    const top = (node: Text, index: number) => {
      const range = document.createRange();
      range.setStart(node, index);
      range.setEnd(node, index + 1);
      return range.getBoundingClientRect().top;
    };
    return Math.abs(top(last, last.length - 1) - top(after, 0)) < 1;
  });
}

/** Line ends that cut a run of letters and digits in two, such as "newbie2@acme.tes" | "t". */
function wordsBrokenAcrossLines(lines: string[]): string[] {
  return lines.slice(1).flatMap((line, index) => {
    const before = lines[index]!;
    return /[\p{L}\p{N}]$/u.test(before) && /^[\p{L}\p{N}]/u.test(line) ? [`${before} | ${line}`] : [];
  });
}

/**
 * Where the address wraps, and that it is all there. An address whose name and domain each fit
 * on a line (`partsFit`) wraps, if at all, only after its "@".
 */
async function expectWrappedBetweenWordParts(page: Page, { email, partsFit }: { email: string; partsFit: boolean }, where: string): Promise<string[]> {
  const address = page.getByRole('main').getByText(email, { exact: true });
  const lines = await linesOf(address);
  const shown = `${where}: lines ${JSON.stringify(lines)}`;
  expect(await followingTextStaysOnItsLine(address), `${shown}, and the sentence's full stop on the next line`).toBe(true);
  expect(lines.join(''), `${where}: the address, line by line`).toBe(email);
  expect(wordsBrokenAcrossLines(lines), shown).toEqual([]);
  if (partsFit) expect(lines.slice(0, -1).filter((line) => !line.endsWith('@')), shown).toEqual([]);
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

    test('the address wraps after its "@", inside its name or domain only before a dot and only when that part is too long for a line, never inside a word: after sign-in, on sign-up and after it', async ({ page }) => {
      // The long names are wider than a line even at 1280 px.
      const signIns = [
        { email: uniqueAddress('bert@globex.test'), partsFit: true },
        { email: uniqueAddress('anna@acme.test'), partsFit: true },
        { email: `anna+${unique()}.with.a.rather.long.tag.to.see.where.it.wraps@acme.test`, partsFit: false },
      ];
      const signUps = [
        { email: newColleague(), partsFit: true },
        { email: `new.${unique()}.with.a.rather.long.name.to.see.where.it.wraps@acme.test`, partsFit: false },
      ];
      const lineCounts: number[] = [];

      for (const address of signIns) {
        await requestLink(page, address.email);
        lineCounts.push((await expectWrappedBetweenWordParts(page, address, `mail-sent after sign-in, ${address.email}`)).length);
      }
      for (const address of signUps) {
        await requestLink(page, address.email, 'en', 'signup');
        lineCounts.push((await expectWrappedBetweenWordParts(page, address, `sign-up, ${address.email}`)).length);
        await page.getByLabel('Your name').fill('Dana Jansen');
        await page.getByRole('button', { name: 'Create my account' }).click();
        await expect(page).toHaveURL(/\/login\/en\/mail-sent$/);
        lineCounts.push((await expectWrappedBetweenWordParts(page, address, `mail-sent after sign-up, ${address.email}`)).length);
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
  const email = uniqueAddress('anna@acme.test');
  await requestLink(page, email);
  const afterSignIn = await wayBackLook(page);
  await page.getByRole('button', { name: 'Use another e-mail address' }).click();
  await expect(page).toHaveURL(/\/login\/en$/);
  await expect(page.getByLabel('Work e-mail')).toHaveValue(email);
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

for (const javaScriptEnabled of [true, false]) {
  test(`the way back from "Check your inbox" keeps the address that was typed, ${javaScriptEnabled ? 'with' : 'without'} JavaScript, and puts it in no address or readable cookie`, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled, ignoreHTTPSErrors: true, baseURL: LOGIN_ORIGIN });
    const page = await context.newPage();
    const email = uniqueAddress('anna@acme.test');
    await page.goto('/login/en');
    await page.getByLabel('Work e-mail').fill(email);
    await page.getByRole('button', { name: 'Send sign-in link' }).click();
    await expect(page).toHaveURL(/\/login\/en\/mail-sent$/);
    await page.getByRole('button', { name: 'Use another e-mail address' }).click();
    await expect(page).toHaveURL(/\/login\/en$/);
    await expect(page.getByLabel('Work e-mail')).toHaveValue(email);
    // The address shows in the field (above), and in nothing page script or a log line could read.
    expect(page.url()).not.toContain(encodeURIComponent(email));
    expect(page.url()).not.toContain(email);
    const readable = (await context.cookies()).filter((cookie) => !cookie.httpOnly).map((cookie) => decodeURIComponent(cookie.value));
    expect(readable.join(' ')).not.toContain(email);
    // Only once: the browser forgets it (the page's script asks at once; without script, the page's
    // own load did), and the next visit to the login page starts empty.
    await expect.poll(async () => (await context.cookies()).some((cookie) => cookie.name === '__Host-keptAddress')).toBe(false);
    await page.goto('/login/en');
    await expect(page.getByLabel('Work e-mail')).toHaveValue('');
    await context.close();
  });
}

const dictionaries = { en, de, nl };

/** "Sent … ago" as Intl.RelativeTimeFormat puts it in each language, within its sentence. */
const sentAgo = {
  en: { justNow: 'The link was sent just now.', twoMinutes: 'The link was sent 2 minutes ago.' },
  de: { justNow: 'Der Link wurde gerade eben gesendet.', twoMinutes: 'Der Link wurde vor 2 Minuten gesendet.' },
  nl: { justNow: 'De link is zojuist gestuurd.', twoMinutes: 'De link is 2 minuten geleden gestuurd.' },
};

for (const [language, expected] of Object.entries(sentAgo) as [keyof typeof sentAgo, (typeof sentAgo)['en']][]) {
  test(`${language}: the mail-sent view says when the link was sent, that mail filters may hold it up, and what to try`, async ({ page }) => {
    await page.clock.install();
    await requestLink(page, uniqueAddress('anna@acme.test'), language);
    await expect(page.getByText(expected.justNow, { exact: true })).toBeVisible();
    await expect(page.getByText(dictionaries[language].mailSent.delayAdvice)).toBeVisible();

    await page.clock.fastForward('02:00');
    await expect(page.getByText(expected.twoMinutes, { exact: true })).toBeVisible();
  });
}

test('the time since the link was sent is a polite live region that changes once a minute, not with each second of the countdown', async ({ page }) => {
  await page.clock.install();
  await requestLink(page, uniqueAddress('anna@acme.test'));
  const sent = page.getByText(sentAgo.en.justNow, { exact: true });
  await expect(sent).toHaveAttribute('aria-live', 'polite');
  await expect(sent).toHaveAttribute('aria-atomic', 'true');
  await sent.evaluate((region) => {
    const changes: string[] = [];
    new MutationObserver(() => changes.push(region.textContent ?? '')).observe(region, { subtree: true, childList: true, characterData: true });
    (window as unknown as { liveRegionChanges: string[] }).liveRegionChanges = changes;
  });
  const changes = () => page.evaluate(() => (window as unknown as { liveRegionChanges: string[] }).liveRegionChanges);
  const caption = page.getByText(/^You can send again in \d+ s\.$/);
  const countdownAtStart = await caption.textContent();

  await page.clock.runFor(20_000);
  await expect(caption, 'the countdown beside it ticks').not.toHaveText(countdownAtStart ?? '');
  expect(await changes()).toEqual([]);

  await page.clock.runFor(45_000);
  expect(await changes()).toEqual(['The link was sent 1 minute ago.']);
  await page.clock.runFor(60_000);
  expect(await changes()).toEqual(['The link was sent 1 minute ago.', 'The link was sent 2 minutes ago.']);
});

test('sending the link again starts the time since it was sent over, in the page and from the server', async ({ page }) => {
  test.setTimeout(SEND_AGAIN_LOCK_MS + 30_000);
  await page.clock.install();
  await requestLink(page, uniqueAddress('anna@acme.test'));
  const linkSentBy = Date.now();
  // As a browser that comes back to the view loads it: filled from its template (proxy.ts).
  await page.reload();
  await viewHydrated(page);
  await page.clock.fastForward('02:00');
  await expect(page.getByText(sentAgo.en.twoMinutes, { exact: true })).toBeVisible();

  // The page's clock runs ahead; the server's lock counts real seconds.
  await new Promise((resolve) => setTimeout(resolve, linkSentBy + SEND_AGAIN_LOCK_MS + 500 - Date.now()));
  await page.getByRole('button', { name: 'Send again' }).click();
  await expect(page.getByText('We sent a new link.')).toBeVisible();
  await expect(page.getByText(sentAgo.en.justNow, { exact: true })).toBeVisible();
  await page.clock.fastForward('01:00');
  await expect(page.getByText('The link was sent 1 minute ago.', { exact: true })).toBeVisible();

  await page.reload();
  await expect(page.getByText(sentAgo.en.justNow, { exact: true })).toBeVisible();
});

/** The words of a rich message after its `<email></email>`: what it says once the address is named. */
function afterAddress(message: string): string {
  return message.split('<email></email>')[1]!.replace(/^\.\s*/, '').trim();
}

for (const language of ['en', 'de', 'nl'] as const) {
  test(`without JavaScript (${language}), "Check your inbox" and the link's page say what to press instead of promising to go on by themselves, with no spinner or countdown that cannot move`, async ({ browser }) => {
    const t = dictionaries[language];
    const context = await browser.newContext({ javaScriptEnabled: false, ignoreHTTPSErrors: true, baseURL: LOGIN_ORIGIN, locale: language });
    const page = await context.newPage();
    const email = uniqueAddress('anna@acme.test');
    await requestLink(page, email, language);
    const main = page.getByRole('main');
    // Read as a person sees the page: innerText leaves out what is not shown.
    const shown = { useInnerText: true };
    await expect(main).toContainText(afterAddress(t.mailSent.withoutScriptBody), shown);
    await expect(main).not.toContainText(afterAddress(t.mailSent.body), shown);
    await expect(main).not.toContainText(t.mailSent.waiting, shown);
    await expect(main).not.toContainText(t.mailSent.sendAgainLocked.split('{seconds}')[0]!, shown);
    await expect(main).not.toContainText(t.mailSent.delayAdvice, shown);
    await expect(main).toContainText(t.mailSent.delayAdviceWithoutScript, shown);
    await expect(main.locator('.animate-spin:visible')).toHaveCount(0);
    const sendAgain = main.getByRole('button', { name: t.mailSent.sendAgain });
    await expect(sendAgain, 'a button that works when pressed does not look locked').toHaveCSS('opacity', '1');
    // Pressed within the 30 seconds, the server says why no link went out.
    await sendAgain.click();
    await expect(main).toContainText(t.mailSent.wait30, shown);

    await page.goto(await latestSignInLink(page.request, email));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.validateLink.headingWithoutScript, shown);
    await expect(main).not.toContainText(t.validateLink.heading, shown);
    await expect(main.locator('.animate-spin:visible')).toHaveCount(0);
    await main.getByRole('button', { name: t.validateLink.continue }).click();
    await expect(page).toHaveURL(`${organisationOrigin('acme')}/`);
    await context.close();
  });

  test(`with JavaScript (${language}), the same pages go on by themselves and say so: the control beside the test without it`, async ({ browser }) => {
    const t = dictionaries[language];
    const context = await browser.newContext({ ignoreHTTPSErrors: true, baseURL: LOGIN_ORIGIN, locale: language });
    const page = await context.newPage();
    const email = uniqueAddress('anna@acme.test');
    await requestLink(page, email, language);
    const main = page.getByRole('main');
    const shown = { useInnerText: true };
    await expect(main).toContainText(afterAddress(t.mailSent.body), shown);
    await expect(main).not.toContainText(afterAddress(t.mailSent.withoutScriptBody), shown);
    await expect(main).toContainText(t.mailSent.waiting, shown);
    await expect(main).toContainText(t.mailSent.sendAgainLocked.split('{seconds}')[0]!, shown);
    await expect(main).toContainText(t.mailSent.delayAdvice, shown);
    await expect(main).not.toContainText(t.mailSent.delayAdviceWithoutScript, shown);
    await expect(main.locator('.animate-spin:visible')).toHaveCount(1);
    await expect(main.getByRole('button', { name: t.mailSent.continueWithoutScript })).toHaveCount(0);

    // The link's page checks by itself, in a tab of its own, and the waiting tab follows.
    const linkPage = await context.newPage();
    await linkPage.goto(await latestSignInLink(page.request, email));
    await expect(linkPage).toHaveURL(`${organisationOrigin('acme')}/`);
    await context.close();
  });
}
