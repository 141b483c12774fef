import axe from 'axe-core';
import { expect, test, type Page } from '@playwright/test';
import en from '../../messages/en.json' with { type: 'json' };
import de from '../../messages/de.json' with { type: 'json' };
import nl from '../../messages/nl.json' with { type: 'json' };
import { latestSignInLink, uniqueAddress } from './support/backend.ts';
import { LOGIN_ORIGIN, organisationOrigin } from './support/environment.ts';

/**
 * WCAG 2.2 AA: every screen and state in every language, checked with axe and the keyboard.
 *
 * What is checked in every language, and what in English alone. The words change with the
 * language: every name, label, title and `lang`, and the length of each text, hence its wrapping
 * and the size of the targets around it (axe's `target-size`). So all of axe's WCAG rules but the
 * colour rules run in en, de and nl, on every screen. The colours do not change with the
 * language: one style sheet for all three, the same classes on the same elements, and axe's
 * contrast is an element's own colours against what lies behind it. So axe's colour rules, in
 * the light and the dark scheme, and the scheme's own colours are checked in English, on every
 * screen. The focus style does not depend on the language either: it is checked on the last
 * language's page. The layout checks of the main screens (target size, help in place, labels in
 * names, reflow and text spacing at 320 px) run in English; the longer German and Dutch texts are
 * walked for reflow on the login page and the mail-sent view ("at 320 px wide …", "at 200% zoom …").
 */

const dictionaries = { en, de, nl };
type Language = keyof typeof dictionaries;
type Dictionary = typeof en;
const languages = Object.keys(dictionaries) as Language[];

const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

function randomPart() {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** A link as mailed, but with a wrong signature. */
function tamperedLinkPath(language: Language) {
  const query = new URLSearchParams({
    email: 'anna@acme.test',
    uuid: crypto.randomUUID(),
    signature: 'f'.repeat(64),
    timestamp: String(Date.now()),
  });
  return `/login/${language}/validatelink?${query}`;
}

async function submitEmail(page: Page, d: Dictionary, email: string) {
  await page.getByRole('textbox').fill(email);
  await page.getByRole('button', { name: d.login.submit }).click();
}

async function expectHeading(page: Page, name: string) {
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

const alertIn = (page: Page) => page.getByRole('main').getByRole('alert');

/**
 * A link asked for in this browser, then confirmed in it as if it were another one (its wait
 * forgotten first): the page now shows the code. The wait's cookies, to bring the asking browser back.
 */
async function confirmedElsewhere(page: Page, d: Dictionary, language: Language) {
  const email = uniqueAddress('anna@acme.test');
  await page.goto(`/login/${language}`);
  await submitEmail(page, d, email);
  await expectHeading(page, d.mailSent.heading);
  const wait = await page.context().cookies(LOGIN_ORIGIN);
  const link = new URL(await latestSignInLink(page.request, email));
  await page.context().clearCookies();
  await page.goto(`/login/${language}/validatelink${link.search}`);
  await page.getByRole('button', { name: d.validateLink.confirm }).click();
  const code = (await page.getByTestId('link-code').textContent()) ?? '';
  return { wait, code };
}

/** What a screen's visit leaves for the screen that `continues` from it: the wait's cookies and the code shown. */
type Confirmed = Awaited<ReturnType<typeof confirmedElsewhere>>;

/**
 * `long`: reaching it takes a whole sign-in per language, more than the default test time on a
 * busy machine. `continues`: the screen is reached from the named one's page, in that screen's
 * test, with what its `open` returned.
 */
type Screen = {
  name: string;
  long?: boolean;
  continues?: string;
  open: (page: Page, d: Dictionary, language: Language, earlier?: Confirmed) => Promise<Confirmed | void>;
};

/** Every screen and state: how to reach it in a language, and what shows that it is there. */
const screens: Screen[] = [
  {
    name: 'login page',
    open: async (page, d, language) => {
      await page.goto(`/login/${language}`);
      await expectHeading(page, d.login.heading);
    },
  },
  {
    name: 'login page with a cancelled sign-in',
    open: async (page, d, language) => {
      await page.goto(`/login/${language}?error=user-close`);
      await expect(page.getByRole('main').getByRole('status').filter({ hasText: d.errors.userClose })).toBeVisible();
    },
  },
  {
    name: 'login page with a refused sign-in',
    open: async (page, d, language) => {
      await page.goto(`/login/${language}?error=sso-user-not-found`);
      await expect(alertIn(page)).toHaveText(d.errors.ssoUserNotFound);
    },
  },
  {
    name: 'login page after signing in with Microsoft',
    open: async (page, d, language) => {
      // What the hand-off leaves in the browser (tests/e2e/last-used-sign-in.spec.ts signs in for real).
      await page.context().addCookies([{ name: '__Host-lastSignInMethod', value: 'microsoft', url: LOGIN_ORIGIN, secure: true, httpOnly: true, sameSite: 'Lax' }]);
      await page.goto(`/login/${language}`);
      await expect(page.getByRole('link', { name: `${d.login.signInWith.replace('{provider}', 'Microsoft')} ${d.login.lastUsed}`, exact: true })).toBeVisible();
    },
  },
  {
    name: 'login page with an invalid address',
    open: async (page, d, language) => {
      await page.goto(`/login/${language}`);
      await submitEmail(page, d, 'anna@acme');
      await expect(alertIn(page)).toHaveText(d.errors.emailNotValid);
    },
  },
  {
    name: 'rate-limit view',
    open: async (page, d, language) => {
      await page.goto(`/login/${language}`);
      await submitEmail(page, d, 'rate-limited@errors.test');
      await expectHeading(page, d.rateLimit.heading);
    },
  },
  {
    name: 'trial-expired view',
    open: async (page, d, language) => {
      await page.goto(`/login/${language}`);
      await submitEmail(page, d, 'trial-expired@errors.test');
      await expectHeading(page, d.trialExpired.heading);
    },
  },
  {
    name: 'mail-sent view',
    open: async (page, d, language) => {
      await page.goto(`/login/${language}`);
      await submitEmail(page, d, uniqueAddress('anna@acme.test'));
      await expectHeading(page, d.mailSent.heading);
    },
  },
  {
    name: 'sign-up',
    open: async (page, d, language) => {
      await page.goto(`/login/${language}`);
      await submitEmail(page, d, `new.${randomPart()}@acme.test`);
      await expectHeading(page, d.signUp.heading);
    },
  },
  {
    name: 'user-limit page',
    open: async (page, d, language) => {
      await page.goto(`/login/${language}/user-limit`);
      await expectHeading(page, d.userLimit.heading);
    },
  },
  {
    name: 'one-time-code page',
    open: async (page, d, language) => {
      await page.goto(`/login/${language}/totp`);
      await expectHeading(page, d.totp.heading);
    },
  },
  {
    name: 'invalid-link page',
    open: async (page, d, language) => {
      await page.goto(`/login/${language}/invalid`);
      await expectHeading(page, d.invalidLink.heading);
    },
  },
  {
    name: 'link opened in a browser that did not ask for it',
    open: async (page, d, language) => {
      await page.goto(tamperedLinkPath(language));
      await expectHeading(page, d.validateLink.askHeading);
      await expect(page.getByRole('button', { name: d.validateLink.confirm })).toBeVisible();
    },
  },
  {
    name: 'link confirmed in a browser that did not ask for it, showing the code',
    long: true,
    open: async (page, d, language) => {
      const confirmed = await confirmedElsewhere(page, d, language);
      await expectHeading(page, d.validateLink.codeHeading);
      await expect(page.getByRole('link', { name: d.validateLink.continueHere })).toBeVisible();
      return confirmed;
    },
  },
  {
    name: 'mail-sent view asking for the code from the other browser, after a wrong one',
    // The same sign-in as the screen above, taken on from the code it shows: a sign-in less per language.
    continues: 'link confirmed in a browser that did not ask for it, showing the code',
    open: async (page, d, language, earlier) => {
      const { wait, code } = earlier ?? (await confirmedElsewhere(page, d, language));
      await page.context().clearCookies();
      await page.context().addCookies(wait);
      await page.goto(`/login/${language}/mail-sent`);
      await expectHeading(page, d.mailSent.codeHeading);
      await page.getByRole('textbox', { name: d.mailSent.codeLabel }).fill(String((Number(code) + 1) % 1_000_000).padStart(6, '0'));
      await page.getByRole('button', { name: d.mailSent.codeSubmit, exact: true }).click();
      await expect(alertIn(page)).toBeVisible();
    },
  },
  {
    name: 'link check under way',
    open: async (page, d, language) => {
      // The check is a server action posted to the page's own URL: held, the page keeps checking.
      await page.route(
        (url) => url.pathname.endsWith('/validatelink'),
        (route) => (route.request().method() === 'POST' ? undefined : route.continue()),
      );
      await page.goto(tamperedLinkPath(language));
      await page.getByRole('button', { name: d.validateLink.confirm }).click();
      await expect(page.getByRole('status', { name: d.common.loading })).toBeVisible();
    },
  },
  {
    name: 'link with a bad signature, on the invalid-link page',
    open: async (page, d, language) => {
      await page.goto(tamperedLinkPath(language));
      await page.getByRole('button', { name: d.validateLink.confirm }).click();
      await expect(page).toHaveURL(new RegExp(`/login/${language}/invalid$`));
      await expectHeading(page, d.invalidLink.heading);
    },
  },
  {
    name: 'link declined',
    open: async (page, d, language) => {
      await page.goto(tamperedLinkPath(language));
      await page.getByRole('button', { name: d.validateLink.decline }).click();
      await expectHeading(page, d.validateLink.declinedHeading);
    },
  },
  {
    name: 'booking extended',
    open: async (page, d, language) => {
      await page.goto(`/login/${language}/bookings-extend?userAction=retain&token=extend-ok`);
      await expect(page.getByRole('status').filter({ hasText: d.bookings.extended })).toBeVisible();
    },
  },
  {
    name: 'booking cancel confirmation',
    open: async (page, d, language) => {
      await page.goto(`/login/${language}/bookings-extend?userAction=cancel&token=cancel-ok`);
      await expect(page.getByRole('button', { name: d.bookings.confirmCancel })).toBeVisible();
    },
  },
  {
    name: 'booking link expired',
    open: async (page, d, language) => {
      await page.goto(`/login/${language}/bookings-extend?userAction=retain&token=expired`);
      await expect(alertIn(page)).toHaveText(d.bookings.expired);
    },
  },
  {
    name: 'invitation',
    open: async (page, d, language) => {
      await page.goto(`/login/${language}/invite-user?email=invited.${randomPart()}%40acme.test&inviteToken=invite-ok`);
      await expectHeading(page, d.invite.heading);
    },
  },
  {
    name: 'invitation with a name against the rule',
    open: async (page, d, language) => {
      await page.goto(`/login/${language}/invite-user?email=invited.${randomPart()}%40acme.test&inviteToken=invite-ok`);
      await page.getByRole('textbox').fill('<b>Bob</b>');
      await expect(alertIn(page)).toHaveText(d.invite.nameCharacter.replace('{character}', '<'));
    },
  },
  {
    name: 'organisation picker',
    open: async (page, d, language) => {
      await page.goto(`/login/start-google?lang=${language}&login_hint=sso-many@acme.test`);
      await expectHeading(page, d.sso.pickerHeading);
    },
  },
  {
    name: 'trial-expired page after single sign-on',
    open: async (page, d, language) => {
      await page.goto(`/login/start-microsoft?lang=${language}&login_hint=sso-demo-expired@errors.test`);
      await expectHeading(page, d.trialExpired.heading);
    },
  },
];

/** What the dark scheme can break: the contrast of text, and links told apart from the text around them. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * A state that just changed (or a scheme just switched) may still be fading between colours
 * (buttons' transition-colors): the checks judge the colours the person is left with. A
 * transition cut short by the next change rejects its promise (AbortError); that one's colours
 * are already final.
 */
async function transitionsEnded(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation instanceof CSSTransition)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** Which of axe's rules a run applies: WCAG 2.2 AA's, without `skip`; or only `rules`. */
type AxeRules = { rules: string[] } | { skip: string[] };

/**
 * axe's findings on the page as it stands. axe is put into the page once (its 570 KB parsed once
 * per document, not per run), so that the light and the dark run on one page share it. No frames
 * to merge results from: these pages have none.
 */
async function axeViolations(page: Page, which: AxeRules) {
  await transitionsEnded(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const options: axe.RunOptions =
    'rules' in which
      ? { runOnly: { type: 'rule', values: which.rules }, resultTypes: ['violations'] }
      : {
          runOnly: { type: 'tag', values: WCAG_AA_TAGS },
          rules: Object.fromEntries(which.skip.map((rule) => [rule, { enabled: false }])),
          resultTypes: ['violations'],
        };
  const violations = await page.evaluate((runOptions) => (window as unknown as { axe: typeof axe }).axe.run(document, runOptions).then((results) => results.violations), options);
  return violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    help: violation.help,
    where: violation.nodes.map((node) => node.target.join(' ')),
  }));
}

type FocusStyle = { outline: string; boxShadow: string };

/**
 * Tabs through every control of the page, from the top, and names those whose outline and
 * box-shadow look the same with focus as without.
 */
async function controlsWithoutVisibleFocus(page: Page): Promise<string[]> {
  await page.evaluate(() => {
    const start = document.createElement('div');
    start.id = 'focus-walk-start';
    start.tabIndex = -1;
    document.body.prepend(start);
    start.focus();
    (window as unknown as { visited: Element[] }).visited = [];
  });
  const focused: FocusStyle[] = [];
  for (let presses = 0; presses < 40; presses += 1) {
    // Until the focus leaves the page or comes round again.
    await page.keyboard.press('Tab');
    const style = await page.evaluate(() => {
      const visited = (window as unknown as { visited: Element[] }).visited;
      const active = document.activeElement;
      if (!active || active === document.body || visited.includes(active)) return null;
      visited.push(active);
      const { outline, boxShadow } = getComputedStyle(active);
      return { outline, boxShadow };
    });
    if (!style) break;
    focused.push(style);
  }
  expect(focused.length, 'controls reached with Tab').toBeGreaterThan(0);

  return await page.evaluate((withFocus: FocusStyle[]) => {
    document.getElementById('focus-walk-start')?.remove();
    (document.activeElement as HTMLElement | null)?.blur?.();
    const visited = (window as unknown as { visited: Element[] }).visited;
    return visited.flatMap((element, index) => {
      const without = getComputedStyle(element);
      const focused = withFocus[index]!;
      const outlineShows = focused.outline !== without.outline && !/\bnone\b|\b0px\b/.test(focused.outline);
      const shadowShows = focused.boxShadow !== without.boxShadow && focused.boxShadow !== 'none';
      if (outlineShows || shadowShows) return [];
      return [`<${element.tagName.toLowerCase()}> ${element.textContent?.trim() ?? ''}`.trim()];
    });
  }, focused);
}

/** WCAG's relative luminance of an sRGB colour [r, g, b], each 0 to 255. */
function luminance(rgb: number[]) {
  const [r, g, b] = rgb.map((value) => {
    const channel = value / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** WCAG's contrast ratio of two sRGB colours. */
function contrast(a: number[], b: number[]) {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

const rgbOf = (colour: string) => (colour.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);

/** The colours a person sees most of: the page behind the card, the card, and the card's text. */
async function surfaceColours(page: Page) {
  const colours = await page.evaluate(() => ({
    page: getComputedStyle(document.body).backgroundColor,
    card: getComputedStyle(document.querySelector('main')!).backgroundColor,
    text: getComputedStyle(document.querySelector('main')!).color,
  }));
  return { page: rgbOf(colours.page), card: rgbOf(colours.card), text: rgbOf(colours.text) };
}

/**
 * The dark scheme, on the page as it stands: the page and the card are dark and the text light,
 * and axe's colour rules find nothing (the rest of axe does not depend on the colours).
 */
async function expectDarkSchemeHonoured(page: Page, where: string) {
  await page.emulateMedia({ colorScheme: 'dark' });
  await transitionsEnded(page);
  const dark = await surfaceColours(page);
  expect.soft(luminance(dark.page), `${where}, dark: the page behind the card is dark`).toBeLessThan(0.05);
  expect.soft(luminance(dark.card), `${where}, dark: the card is dark`).toBeLessThan(0.05);
  expect.soft(luminance(dark.text), `${where}, dark: the text is light`).toBeGreaterThan(0.5);
  expect.soft(await axeViolations(page, { rules: COLOUR_RULES }), `axe's colour rules in ${where}, dark`).toEqual([]);
  await page.emulateMedia({ colorScheme: 'light' });
}

/** The language whose pages are also checked for their colours (the file's header says why one is enough). */
const COLOURS_CHECKED_IN: Language = 'en';

/** The checks of one screen in one language, on the page `open` left; in English also its colours and, on a main screen, its layout and names. */
async function expectScreenAccessible(page: Page, screen: Screen, language: Language) {
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  // After a client-side navigation (a server action's redirect) Next sets the new page's
  // title a moment after its heading shows: axe judges the page once it has arrived.
  await expect(page).toHaveTitle(/\S/);
  if (language !== COLOURS_CHECKED_IN) {
    expect.soft(await axeViolations(page, { skip: COLOUR_RULES }), `axe in ${language}`).toEqual([]);
    return;
  }
  // The positive control of the dark check below: the same page in light is light.
  const light = await surfaceColours(page);
  expect.soft(luminance(light.card), `${language}, light: the card is light`).toBeGreaterThan(0.8);
  expect.soft(await axeViolations(page, { skip: [] }), `axe in ${language}`).toEqual([]);
  await expectDarkSchemeHonoured(page, language);
  // A main screen's layout checks, on its English page already open: a visit of their own
  // would reach the screen once more (for some, a whole sign-in).
  if (mainScreenNames.includes(screen.name)) {
    await test.step(`target size (2.5.8) and consistent help (3.2.6): on the ${screen.name}, every control is at least 24×24 CSS px or spaced, and contact and language links keep their order`, () =>
      expectTargetsAndHelpInPlace(page),
    );
    await test.step(`label in name (2.5.3) and page titled (2.4.2): on the ${screen.name} every control is named by its visible text, and the page by its screen`, () =>
      expectLabelsInNamesAndTitle(page, screen.name),
    );
  }
}

for (const screen of screens.filter((candidate) => !candidate.continues)) {
  const following = screens.find((candidate) => candidate.continues === screen.name);
  const name = following ? `${screen.name}, then the ${following.name}` : screen.name;
  test(`${name}: axe finds nothing in en, de and nl, in the light and the dark scheme, and every control shows its focus`, async ({ page, context }) => {
    if (screen.long) test.slow();
    for (const language of languages) {
      await test.step(language, async () => {
        const d = dictionaries[language];
        await context.clearCookies();
        const left = await screen.open(page, d, language);
        await expectScreenAccessible(page, screen, language);
        // The focus style does not depend on the language: the last one's page will do.
        if (language === languages.at(-1)) expect(await controlsWithoutVisibleFocus(page), screen.name).toEqual([]);
        if (!following) return;
        await following.open(page, d, language, left ?? undefined);
        await expectScreenAccessible(page, following, language);
        if (language === languages.at(-1)) expect(await controlsWithoutVisibleFocus(page), following.name).toEqual([]);
      });
    }
  });
}

test('axe as these tests run it finds what it looks for, on a page made to fail it: the colour rules only where asked', async ({ page }) => {
  await page.setContent(`
    <html lang="en"><head><title>Made to fail</title></head><body><main>
      <h1>A page made to fail</h1>
      <p style="color: #bbb; background: #fff">Faint text on white.</p>
      <input type="text">
    </main></body></html>
  `);
  const rules = async (which: AxeRules) => (await axeViolations(page, which)).map((violation) => violation.rule).sort();
  expect(await rules({ skip: [] })).toEqual(['color-contrast', 'label']);
  expect(await rules({ skip: COLOUR_RULES })).toEqual(['label']);
  expect(await rules({ rules: COLOUR_RULES })).toEqual(['color-contrast']);
});

test.describe('keyboard only', () => {
  test('e-mail sign-in up to the mail-sent view', async ({ page }) => {
    await page.goto('/login/en');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel(en.login.emailLabel)).toBeFocused();
    await page.keyboard.type(uniqueAddress('anna@acme.test'));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: en.mailSent.heading })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: en.mailSent.sendAgain })).toBeFocused();
  });

  test('sign-up: the name entry up to the mail-sent view', async ({ page }) => {
    await page.goto('/login/en');
    await page.keyboard.press('Tab');
    await page.keyboard.type(`new.${randomPart()}@acme.test`);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: en.signUp.heading })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByLabel(en.signUp.nameLabel)).toBeFocused();
    await page.keyboard.type('Dana Jansen');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: en.signUp.submit })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: en.mailSent.heading })).toBeFocused();
  });

  test('the rate-limit view: "try again" brings the focus back to the e-mail field', async ({ page }) => {
    await page.goto('/login/en');
    await page.keyboard.press('Tab');
    await page.keyboard.type('rate-limited@errors.test');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: en.rateLimit.heading })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: en.common.tryAgain })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByLabel(en.login.emailLabel)).toBeFocused();
  });

  test('the organisation picker: choosing an organisation', async ({ page }) => {
    await page.goto('/login/start-google?lang=en&login_hint=sso-many@acme.test');
    await expect(page.getByRole('heading', { level: 1, name: en.sso.pickerHeading })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Acme Corporation', exact: true })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Globex', exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`${organisationOrigin('globex')}/`);
  });
});

/** Reflow (WCAG 1.4.10): no horizontal scrolling at 320 CSS pixels, nor at 200% zoom of 1280. */
const narrowScreens = [
  { name: '320 px wide', viewport: { width: 320, height: 640 }, deviceScaleFactor: 1 },
  { name: '200% zoom', viewport: { width: 640, height: 400 }, deviceScaleFactor: 2 },
];

async function horizontalOverflow(page: Page) {
  return await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

for (const { name, viewport, deviceScaleFactor } of narrowScreens) {
  test.describe(() => {
    test.use({ viewport, deviceScaleFactor });

    test(`at ${name} the login page and the mail-sent view need no horizontal scrolling`, async ({ page, context }) => {
      for (const language of languages) {
        const d = dictionaries[language];
        await context.clearCookies();
        await page.goto(`/login/${language}`);
        await expectHeading(page, d.login.heading);
        expect.soft(await horizontalOverflow(page), `login page, ${language}`).toBeLessThanOrEqual(0);
        await submitEmail(page, d, uniqueAddress('anna@acme.test'));
        await expectHeading(page, d.mailSent.heading);
        expect.soft(await horizontalOverflow(page), `mail-sent view, ${language}`).toBeLessThanOrEqual(0);
      }
    });
  });
}

test('spinners stand still for people who ask for reduced motion', async ({ page }) => {
  const spinner = page.getByRole('status').filter({ hasText: en.mailSent.waiting }).locator('svg');
  const animationName = () => spinner.evaluate((svg) => getComputedStyle(svg).animationName);

  await page.goto('/login/en');
  await submitEmail(page, en, uniqueAddress('anna@acme.test'));
  await expect(spinner).toBeVisible();
  expect(await animationName()).not.toBe('none');

  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await animationName()).toBe('none');
});

test('pause, stop, hide (2.2.2): the waiting spinner on the mail-sent view turns for 5 s, then stands still beside its words', async ({ page }) => {
  const waiting = page.getByRole('status').filter({ hasText: en.mailSent.waiting });
  const turning = () => waiting.locator('svg').evaluate((svg) => svg.getAnimations().some((animation) => animation.playState === 'running'));

  await page.goto('/login/en');
  await submitEmail(page, en, uniqueAddress('anna@acme.test'));
  await expect(waiting.locator('svg')).toBeVisible();
  expect(await turning(), 'turning at first').toBe(true);
  await expect.poll(turning, { message: 'still turning', timeout: 7_000, intervals: [500] }).toBe(false);
  await expect(waiting).toBeVisible();
});

/**
 * The main screens, for the checks below that ACCESSIBILITY.md cites criterion by criterion:
 * each reached as a person reaches it, in English (layout does not depend on the language
 * enough to matter here; axe above covers every language).
 */
const mainScreenNames = [
  'login page',
  'login page after signing in with Microsoft',
  'mail-sent view',
  'sign-up',
  'organisation picker',
  'link opened in a browser that did not ask for it',
  'booking cancel confirmation',
  'invitation',
  'one-time-code page',
  'rate-limit view',
  'trial-expired view',
];
const mainScreens = mainScreenNames.map((name) => {
  const screen = screens.find((candidate) => candidate.name === name);
  if (!screen) throw new Error(`no screen named ${name}`);
  return screen;
});

/** Everything a pointer or the keyboard can operate, as axe and WCAG 2.5.8 count targets. */
const INTERACTIVE = 'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"], [tabindex]:not([tabindex="-1"])';

type Box = { x: number; y: number; width: number; height: number };
type Target = { name: string; box: Box; inSentence: boolean; disabled: boolean };

/** The page's targets with their boxes as Playwright measures them (`boundingBox`). */
async function interactiveTargets(page: Page): Promise<Target[]> {
  const targets: Target[] = [];
  for (const element of await page.locator(INTERACTIVE).all()) {
    const box = await element.boundingBox();
    // Not rendered, or visually hidden (1×1 and clipped): no target for a pointer.
    if (!box || box.width <= 1 || box.height <= 1) continue;
    const { name, inSentence, disabled } = await element.evaluate((node) => {
      const display = getComputedStyle(node).display;
      const block = node.parentElement?.closest('p, li, div, section, form, main, body');
      const own = node.textContent?.trim() ?? '';
      const around = block?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
      return {
        name: `<${node.tagName.toLowerCase()}> ${own || node.getAttribute('aria-label') || node.getAttribute('name') || ''}`.trim(),
        // WCAG 2.5.8's inline exception: a link in a sentence, sized by the line it sits in.
        inSentence: display === 'inline' && around.length > own.length,
        // Out of the Tab order while it cannot be used (a button whose action is under way).
        disabled: node.matches(':disabled'),
      };
    });
    targets.push({ name, box, inSentence, disabled });
  }
  return targets;
}

const MINIMUM_TARGET = 24;

function center(box: Box) {
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Whether a circle of the minimum's diameter, centred on `box`, reaches into `other`. */
function circleIntersects(box: Box, other: Box): boolean {
  const { x, y } = center(box);
  const nearestX = Math.max(other.x, Math.min(x, other.x + other.width));
  const nearestY = Math.max(other.y, Math.min(y, other.y + other.height));
  return Math.hypot(x - nearestX, y - nearestY) < MINIMUM_TARGET / 2;
}

/**
 * WCAG 2.5.8: each target is at least 24×24 CSS px, or sits in a sentence, or is spaced: a
 * 24 px circle centred on it meets no other target and no other undersized target's circle.
 */
function undersizedTargets(targets: Target[]): string[] {
  const undersized = targets.filter((target) => target.box.width < MINIMUM_TARGET || target.box.height < MINIMUM_TARGET);
  return undersized.flatMap((target) => {
    if (target.inSentence) return [];
    const crowded = targets.some(
      (other) =>
        other !== target &&
        (circleIntersects(target.box, other.box) ||
          (undersized.includes(other) && Math.hypot(center(target.box).x - center(other.box).x, center(target.box).y - center(other.box).y) < MINIMUM_TARGET)),
    );
    const size = `${target.box.width.toFixed(1)}×${target.box.height.toFixed(1)}`;
    return crowded ? [`${target.name}: ${size} px and too close to another target`] : [];
  });
}

test.describe('target size (2.5.8)', () => {
  test('the check refuses a small crowded target and accepts a small spaced one', () => {
    const small = (x: number): Target => ({ name: `at ${x}`, box: { x, y: 0, width: 16, height: 16 }, inSentence: false, disabled: false });
    expect(undersizedTargets([small(0), small(20)])).toHaveLength(2);
    expect(undersizedTargets([small(0), small(40)])).toEqual([]);
    expect(undersizedTargets([{ ...small(0), inSentence: true }, small(20)])).toHaveLength(1);
  });

});

test.describe('accessible authentication (3.3.8)', () => {
  test('paste: an address pasted into the e-mail field is kept and signs in; the field offers autocomplete="email"', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/login/en');
    const field = page.getByLabel(en.login.emailLabel);
    await expect(field).toHaveAttribute('autocomplete', /^(email|username)$/);
    await expect(field).toHaveAttribute('type', 'email');

    // No script of the page may cancel a paste.
    const cancelled = await field.evaluate((input) => {
      const data = new DataTransfer();
      data.setData('text/plain', 'x@acme.test');
      const event = new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true });
      return !input.dispatchEvent(event);
    });
    expect(cancelled, 'a paste event cancelled by the page').toBe(false);

    // And a real paste from the clipboard, as a password manager or a person does it.
    const address = uniqueAddress('anna@acme.test');
    await page.evaluate((text) => navigator.clipboard.writeText(text), address);
    await field.focus();
    await page.keyboard.press('ControlOrMeta+V');
    await expect(field).toHaveValue(address);
    await page.getByRole('button', { name: en.login.submit }).click();
    await expectHeading(page, en.mailSent.heading);
  });

  test('the name fields of sign-up and invitation offer autocomplete="name", and no field blocks paste', async ({ page }) => {
    const pasteCancelled = (field: ReturnType<Page['getByLabel']>) =>
      field.evaluate((input) => {
        const data = new DataTransfer();
        data.setData('text/plain', 'Dana Jansen');
        return !input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
      });

    await screens.find((screen) => screen.name === 'sign-up')!.open(page, en, 'en');
    await expect(page.getByLabel(en.signUp.nameLabel)).toHaveAttribute('autocomplete', 'name');
    expect(await pasteCancelled(page.getByLabel(en.signUp.nameLabel))).toBe(false);

    await screens.find((screen) => screen.name === 'invitation')!.open(page, en, 'en');
    await expect(page.getByLabel(en.invite.nameLabel)).toHaveAttribute('autocomplete', 'name');
    expect(await pasteCancelled(page.getByLabel(en.invite.nameLabel))).toBe(false);
  });
});

test('redundant entry (3.3.7): sign-up shows the address typed on the login page instead of asking for it again', async ({ page }) => {
  const address = `new.${randomPart()}@acme.test`;
  await page.goto('/login/en');
  await submitEmail(page, en, address);
  await expectHeading(page, en.signUp.heading);
  await expect(page.getByRole('main')).toContainText(address);
  // One field only: the name. The address is not a field to fill in again.
  await expect(page.getByRole('main').getByRole('textbox')).toHaveCount(1);
});

/** Label in name (2.5.3) and page titled (2.4.2), on the English page as it stands: every control is named by its visible text, every field by a visible label, and the page by its screen. */
async function expectLabelsInNamesAndTitle(page: Page, screenName: string) {
  const mismatched = await page.evaluate((selector) => {
    const visibleText = (element: Element) =>
      [...element.childNodes]
        .filter((node) => node.nodeType === Node.TEXT_NODE || (node instanceof HTMLElement && !node.classList.contains('sr-only') && node.getAttribute('aria-hidden') !== 'true'))
        .map((node) => node.textContent ?? '')
        .join('')
        .replace(/\s+/g, ' ')
        .trim();
    return [...document.querySelectorAll(selector)].flatMap((control) => {
      // A name from aria-label or aria-labelledby replaces the content: it must still contain what is shown.
      const label = control.getAttribute('aria-label') ?? control.getAttribute('aria-labelledby');
      if (label === null) return [];
      const named =
        control.getAttribute('aria-label') ??
        label.split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
      const shown = visibleText(control);
      return named.toLowerCase().includes(shown.toLowerCase()) ? [] : [`<${control.tagName.toLowerCase()}> shows "${shown}" but is named "${named}"`];
    });
  }, INTERACTIVE);
  expect.soft(mismatched, screenName).toEqual([]);
  // Form fields are named by a visible <label>.
  for (const field of await page.locator('main input:not([type="hidden"])').all()) {
    const id = await field.getAttribute('id');
    expect.soft(id && (await page.locator(`label[for="${id}"]`).isVisible()), `${screenName}: a visible label for #${id}`).toBe(true);
  }
  await expect.soft(page, screenName).toHaveTitle(new RegExp(`^\\S.* · ${en.common.productName}$`));
}

/**
 * Help and ways out that repeat on several screens (WCAG 3.2.6, 3.2.3): the support and sales
 * contacts inside the screen's card, the language links after it, always in this order.
 */
const HELP_ORDER = ['header', 'main', 'contact', 'languages'] as const;

async function helpOrder(page: Page): Promise<string[]> {
  return await page.evaluate(
    ({ supportText, salesText }) => {
      const contact = [...document.querySelectorAll('main a[href]')].filter((link) =>
        [supportText, salesText].includes(link.textContent?.trim() ?? ''),
      );
      const parts: [string, Element | null | undefined][] = [
        ['header', document.querySelector('body header')],
        ['main', document.querySelector('main')],
        ...contact.map((link): [string, Element] => ['contact', link]),
        ['languages', document.querySelector('nav:has(a[hreflang])')],
      ];
      // Document order: where each part begins (a contact link begins inside main, after its start).
      return parts
        .filter((part): part is [string, Element] => !!part[1])
        .sort(([, a], [, b]) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))
        .map(([name]) => name);
    },
    { supportText: en.totp.support, salesText: en.trialExpired.talkToSales },
  );
}



/** Visible elements that reach beyond the viewport's sides (content a reader would have to scroll to). */
async function outsideViewport(page: Page): Promise<string[]> {
  return await page.evaluate(() =>
    [...document.querySelectorAll('body *')].flatMap((element) => {
      const box = element.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) return [];
      if (box.left >= -0.5 && box.right <= window.innerWidth + 0.5) return [];
      return [`<${element.tagName.toLowerCase()}> ${(element.textContent ?? '').trim().slice(0, 40)}: ${box.left.toFixed(1)} to ${box.right.toFixed(1)}`];
    }),
  );
}

/**
 * Tabs through the page from the top until the focus leaves it or comes round again: how many
 * controls it reached, and those that were off-screen or under other content while focused.
 */
async function focusWalk(page: Page): Promise<{ reached: number; obscured: string[] }> {
  await page.evaluate(() => {
    const start = document.createElement('div');
    start.tabIndex = -1;
    document.body.prepend(start);
    start.focus();
  });
  const problems: string[] = [];
  const seen = new Set<string>();
  for (let presses = 0; presses < 40; presses += 1) {
    await page.keyboard.press('Tab');
    const result = await page.evaluate(() => {
      const active = document.activeElement as HTMLElement | null;
      if (!active || active === document.body) return null;
      const id = `${active.tagName} ${active.textContent?.trim() ?? ''} ${[...document.querySelectorAll('*')].indexOf(active)}`;
      const box = active.getBoundingClientRect();
      const points = [
        [box.left + box.width / 2, box.top + box.height / 2],
        [box.left + 2, box.top + 2],
        [box.right - 2, box.bottom - 2],
      ];
      const hidden = points.every(([x, y]) => {
        if (x! < 0 || y! < 0 || x! > window.innerWidth || y! > window.innerHeight) return true;
        const top = document.elementFromPoint(x!, y!);
        return !top || !(active === top || active.contains(top) || top.contains(active));
      });
      return { id, name: `<${active.tagName.toLowerCase()}> ${active.textContent?.trim() ?? ''}`, hidden };
    });
    if (!result || seen.has(result.id)) break;
    seen.add(result.id);
    if (result.hidden) problems.push(result.name);
  }
  expect(seen.size, 'controls reached with Tab').toBeGreaterThan(0);
  return { reached: seen.size, obscured: problems };
}

/**
 * The text-spacing override of WCAG 1.4.12, as its bookmarklets apply it: line height 1.5 times
 * the font size, letter spacing 0.12, word spacing 0.16, 2 times the font size after paragraphs.
 * Set through each element's style object: the page's CSP refuses an injected style sheet.
 */
async function applyTextSpacing(page: Page) {
  await page.evaluate(() => {
    for (const element of document.querySelectorAll<HTMLElement>('*')) {
      element.style.setProperty('line-height', '1.5', 'important');
      element.style.setProperty('letter-spacing', '0.12em', 'important');
      element.style.setProperty('word-spacing', '0.16em', 'important');
      if (element.tagName === 'P') element.style.setProperty('margin-bottom', '2em', 'important');
    }
  });
}

/** Content cut off once the override applies: boxes that clip their content, and text spilling out of its control. */
async function clippedWithTextSpacing(page: Page): Promise<string[]> {
  await applyTextSpacing(page);
  expect(await page.locator('main p').first().evaluate((p) => getComputedStyle(p).letterSpacing), 'the override applies').not.toBe('normal');
  return await page.evaluate((interactive) => {
    const problems: string[] = [];
    const describe = (element: Element) => `<${element.tagName.toLowerCase()}> ${(element.textContent ?? '').trim().slice(0, 50)}`;
    for (const element of document.querySelectorAll<HTMLElement>('body *')) {
      const style = getComputedStyle(element);
      const box = element.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue; // visually hidden text, clipped by design
      const clipsX = /hidden|clip|scroll|auto/.test(style.overflowX) && element.scrollWidth > element.clientWidth + 1;
      const clipsY = /hidden|clip|scroll|auto/.test(style.overflowY) && element.scrollHeight > element.clientHeight + 1;
      if (clipsX || clipsY) problems.push(`${describe(element)} clips its content`);
    }
    for (const control of document.querySelectorAll(interactive)) {
      const box = control.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue;
      const range = document.createRange();
      range.selectNodeContents(control);
      const text = range.getBoundingClientRect();
      if (text.width === 0) continue;
      if (text.left < box.left - 1 || text.right > box.right + 1 || text.top < box.top - 1 || text.bottom > box.bottom + 1) {
        problems.push(`${describe(control)}: its text spills out of it`);
      }
    }
    if (document.documentElement.scrollWidth > document.documentElement.clientWidth) problems.push('the page scrolls sideways');
    return problems;
  }, INTERACTIVE);
}


/** WCAG 2.5.8 on every target, and the order of help and language links (3.2.6, 3.2.3, 3.1.2), on the English page as it stands. */
async function expectTargetsAndHelpInPlace(page: Page) {
  const targets = await interactiveTargets(page);
  expect(targets.length, 'targets found').toBeGreaterThan(0);
  expect(undersizedTargets(targets)).toEqual([]);

  const order = await helpOrder(page);
  expect(order.filter((part) => part !== 'contact')).toEqual(['header', 'main', 'languages']);
  expect(order).toEqual(HELP_ORDER.flatMap((part) => order.filter((found) => found === part)));
  const languageNav = page.getByRole('navigation', { name: 'Language', exact: true });
  await expect(languageNav.getByRole('link')).toHaveText(['English', 'Deutsch', 'Nederlands']);
  // Each named in its own language, and marked so (3.1.2), for screen readers to pronounce.
  expect(await languageNav.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('lang')))).toEqual(['en', 'de', 'nl']);
  // Nothing operable follows the language links: they stay the last stop on every screen.
  const after = await languageNav.evaluate(
    (nav, selector) =>
      [...document.querySelectorAll(selector)].filter((element) => nav.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING && !nav.contains(element)).length,
    INTERACTIVE,
  );
  expect(after).toBe(0);
}

/** At 320 px, the narrowest the criteria ask for, lines wrap most: the card is at most 448 px wide on any screen. */
test.describe('at 320 CSS pixels', () => {
  test.use({ viewport: { width: 320, height: 640 }, deviceScaleFactor: 1 });

  for (const screen of mainScreens) {
    test(`reflow (1.4.10), focus not obscured (2.4.11), keyboard (2.1.1, 2.1.2), text spacing (1.4.12): the ${screen.name} needs no horizontal scrolling, Tab reaches every control in view, and raised spacing loses nothing`, async ({ page }) => {
      await screen.open(page, en, 'en');
      expect(await horizontalOverflow(page), 'horizontal scroll').toBeLessThanOrEqual(0);
      expect(await outsideViewport(page)).toEqual([]);

      // Hydrated first: Tab walks the page as its script leaves it.
      await page.waitForLoadState('networkidle');
      const { reached, obscured } = await focusWalk(page);
      const controls = (await interactiveTargets(page)).filter((target) => !target.disabled).length;
      expect(obscured).toEqual([]);
      // Every control, each once, and then the focus moves on: none is skipped, none holds it.
      expect(reached).toBe(controls);

      // Last: it restyles the page.
      expect(await clippedWithTextSpacing(page)).toEqual([]);
    });
  }
});

test('the layout checks above catch what they look for, on a page made to fail them', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 400 });
  await page.setContent(`
    <main>
      <p>Some text.</p>
      <button style="height: 20px; width: 100px; overflow: hidden; white-space: nowrap">A label far too long for its box</button>
      <div style="width: 400px">Wider than the screen</div>
      <div style="height: 600px"></div>
      <a href="#covered">Covered</a>
      <div style="position: fixed; bottom: 0; left: 0; right: 0; height: 200px; background: white">A sticky footer</div>
    </main>
  `);
  expect(await outsideViewport(page)).toEqual(expect.arrayContaining([expect.stringContaining('Wider than the screen')]));
  expect(await focusWalk(page)).toEqual({ reached: 2, obscured: ['<a> Covered'] });
  expect(await clippedWithTextSpacing(page)).toEqual(
    expect.arrayContaining([expect.stringContaining('clips its content'), expect.stringContaining('its text spills out of it')]),
  );
});

/**
 * Focus order (2.4.3) after every change of view: the keyboard walks each one, and the focus lands
 * on the new view's heading, or in the field a refusal is about; the next Tab goes on from there.
 */
test.describe('focus order (2.4.3) after each change of view', () => {
  const focused = (page: Page) => page.evaluate(() => {
    const active = document.activeElement;
    return active && active !== document.body ? `<${active.tagName.toLowerCase()}> ${active.getAttribute('aria-label') ?? active.textContent?.trim() ?? ''}` : 'body';
  });

  for (const { email, message } of [
    { email: 'not-found@errors.test', message: en.errors.userNotFound },
    { email: 'server-error@errors.test', message: en.errors.somethingWrong },
  ]) {
    test(`the server refusing ${email}: the focus is back in the e-mail field, which the message describes, and Tab goes on to "${en.login.submit}"`, async ({ page }) => {
      await page.goto('/login/en');
      await page.waitForLoadState('networkidle');
      await page.keyboard.press('Tab');
      const field = page.getByLabel(en.login.emailLabel);
      await expect(field).toBeFocused();
      await page.keyboard.type(email);
      await page.keyboard.press('Tab');
      await expect(page.getByRole('button', { name: en.login.submit })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(alertIn(page)).toHaveText(message);
      await expect(field).toBeFocused();
      await expect(field).toHaveAccessibleDescription(message);
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await page.keyboard.press('Tab');
      await expect(page.getByRole('button', { name: en.login.submit })).toBeFocused();
    });
  }

  test('"Link confirmed": after "Yes, sign me in" the focus is on the new heading, and Tab goes on to "Continue here"', async ({ page }) => {
    const email = uniqueAddress('anna@acme.test');
    await page.goto('/login/en');
    await submitEmail(page, en, email);
    await expectHeading(page, en.mailSent.heading);
    const link = new URL(await latestSignInLink(page.request, email));
    await page.context().clearCookies();
    await page.goto(`/login/en/validatelink${link.search}`);
    await page.waitForLoadState('networkidle');
    const confirm = page.getByRole('button', { name: en.validateLink.confirm });
    await confirm.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: en.validateLink.codeHeading })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: en.validateLink.continueHere })).toBeFocused();
  });

  test('"Nobody was signed in": after "I did not ask for this" the focus is on the new heading, and Tab goes on to "Back to sign-in"', async ({ page }) => {
    await page.goto(tamperedLinkPath('en'));
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: en.validateLink.decline }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: en.validateLink.declinedHeading })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: en.common.backToLogin })).toBeFocused();
  });

  test('"Booking cancelled": after the confirming button the focus is on the new heading, and Tab goes on to "Open the app"', async ({ page }) => {
    await page.goto('/login/en/bookings-extend?userAction=cancel&token=cancel-ok');
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: en.bookings.confirmCancel }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: en.bookings.cancelledHeading })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: en.bookings.openApp })).toBeFocused();
  });

  test('the one-time-code page: after the address the focus is on its heading, and Tab goes on to the first app store', async ({ page }) => {
    await page.goto('/login/en');
    await page.waitForLoadState('networkidle');
    await page.keyboard.press('Tab');
    await page.keyboard.type('totp@errors.test');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: en.totp.heading })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: en.totp.appStore })).toBeFocused();
  });

  test('the user-limit page: after the name the focus is on its heading, and Tab goes on to "Back to sign-in"', async ({ page }) => {
    await page.goto('/login/en');
    await page.waitForLoadState('networkidle');
    await page.keyboard.press('Tab');
    await page.keyboard.type(`new.${randomPart()}@full.test`);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: en.signUp.heading })).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.type('Dana Jansen');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: en.userLimit.heading })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: en.common.backToLogin })).toBeFocused();
  });

  test('the organisation picker\'s Back: the focus is on the login page\'s heading, and Tab goes on to the note, then the e-mail field', async ({ page }) => {
    await page.goto('/login/start-google?lang=en&login_hint=sso-many@acme.test');
    await expect(page.getByRole('heading', { level: 1, name: en.sso.pickerHeading })).toBeFocused();
    const back = page.getByRole('button', { name: en.common.back, exact: true });
    for (let presses = 0; presses < 10 && !(await back.evaluate((button) => button === document.activeElement)); presses += 1) await page.keyboard.press('Tab');
    await expect(back).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main').getByRole('status')).toHaveText(en.errors.userClose);
    await expect(page.getByRole('heading', { level: 1, name: en.login.heading }), await focused(page)).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: en.common.dismiss })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByLabel(en.login.emailLabel)).toBeFocused();
  });
});

test.describe('timing adjustable (2.2.1)', () => {
  test('in the waiting browser, the note that the link was answered "I did not ask for this" stays a minute later, until the person dismisses it', async ({ page, browser }) => {
    await page.clock.install();
    const email = uniqueAddress('anna@acme.test');
    await page.goto('/login/en');
    await submitEmail(page, en, email);
    await expectHeading(page, en.mailSent.heading);

    const elsewhere = await browser.newContext({ ignoreHTTPSErrors: true });
    const other = await elsewhere.newPage();
    const link = new URL(await latestSignInLink(page.request, email));
    await other.goto(`/login/en/validatelink${link.search}`);
    await other.getByRole('button', { name: en.validateLink.decline }).click();
    await expect(other.getByRole('heading', { level: 1, name: en.validateLink.declinedHeading })).toBeVisible();
    await elsewhere.close();

    // The waiting page's next poll finds the answer and shows the login page with the note.
    await page.clock.runFor(6_000);
    const note = page.getByRole('main').getByRole('status').filter({ hasText: en.errors.linkDeclined });
    await expect(note).toBeVisible();
    await page.clock.runFor(60_000);
    await expect(note).toBeVisible();

    await page.getByRole('button', { name: en.common.dismiss }).click();
    await expect(note).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: en.login.heading })).toBeFocused();
  });
});

test('language of parts (3.1.2): the language links are named in the page\'s language only, each link in its own', async ({ page }) => {
  const words = { en: 'Language', de: 'Sprache', nl: 'Taal' };
  for (const language of languages) {
    await page.goto(`/login/${language}`);
    const nav = page.getByRole('navigation');
    await expect(nav).toHaveAccessibleName(words[language]);
    expect(await nav.getByRole('link').evaluateAll((links) => links.map((link) => `${link.getAttribute('lang')} ${link.textContent}`))).toEqual(['en English', 'de Deutsch', 'nl Nederlands']);
  }
});

test('page titled (2.4.2): a view that replaces another titles the page with its own heading', async ({ page }) => {
  const title = (heading: string) => `${heading} · ${en.common.productName}`;
  // The link check: asked, then confirmed.
  const email = uniqueAddress('anna@acme.test');
  await page.goto('/login/en');
  await submitEmail(page, en, email);
  await expectHeading(page, en.mailSent.heading);
  const link = new URL(await latestSignInLink(page.request, email));
  await page.context().clearCookies();
  await page.goto(`/login/en/validatelink${link.search}`);
  await expect(page).toHaveTitle(title(en.validateLink.askHeading));
  await page.getByRole('button', { name: en.validateLink.confirm }).click();
  await expectHeading(page, en.validateLink.codeHeading);
  await expect(page).toHaveTitle(title(en.validateLink.codeHeading));

  // The login page's own views: the rate-limit view, and back (signed out: the confirmation signed this browser in).
  await page.context().clearCookies();
  await page.goto('/login/en');
  await expect(page).toHaveTitle(title(en.login.heading));
  await submitEmail(page, en, 'rate-limited@errors.test');
  await expectHeading(page, en.rateLimit.heading);
  await expect(page).toHaveTitle(title(en.rateLimit.heading));
  await page.getByRole('button', { name: en.common.tryAgain }).click();
  await expect(page).toHaveTitle(title(en.login.heading));
});

test('on input (3.2.2): leaving the invitation\'s empty name field says nothing; "Join" then says what is missing and puts the focus there', async ({ page }) => {
  await page.goto(`/login/en/invite-user?email=invited.${randomPart()}%40acme.test&inviteToken=invite-ok`);
  await page.waitForLoadState('networkidle');
  const name = page.getByLabel(en.invite.nameLabel);
  await name.focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: en.invite.submit })).toBeFocused();
  await expect(alertIn(page)).toHaveCount(0);
  await expect(name).not.toHaveAttribute('aria-invalid', 'true');
  // The positive control: submitted empty, the same field is refused, and the focus goes there.
  await page.keyboard.press('Enter');
  await expect(alertIn(page)).toHaveText(en.invite.nameRequired);
  await expect(name).toBeFocused();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
});

test('accessible authentication (3.3.8): the code from the other browser can be pasted, "123 456" keeps its six digits, and the field offers autocomplete="one-time-code"', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const { wait, code } = await confirmedElsewhere(page, en, 'en');
  await page.context().clearCookies();
  await page.context().addCookies(wait);
  await page.goto('/login/en/mail-sent');
  await expectHeading(page, en.mailSent.codeHeading);
  const field = page.getByRole('textbox', { name: en.mailSent.codeLabel });
  await expect(field).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(field).toHaveAttribute('inputmode', 'numeric');
  await page.evaluate((text) => navigator.clipboard.writeText(text), `${code.slice(0, 3)} ${code.slice(3)}`);
  await field.focus();
  await page.keyboard.press('ControlOrMeta+V');
  await expect(field).toHaveValue(code);
  await page.getByRole('button', { name: en.mailSent.codeSubmit, exact: true }).click();
  await expect(page).toHaveURL(`${organisationOrigin('acme')}/`);
});

test('non-text contrast (1.4.11): the locked "Send again" looks locked, and its focus ring keeps at least 3:1 on the card, in the light and the dark scheme', async ({ page }) => {
  await page.clock.install();
  await page.goto('/login/en');
  await submitEmail(page, en, uniqueAddress('anna@acme.test'));
  await expect(page.getByRole('heading', { level: 1, name: en.mailSent.heading })).toBeFocused();
  const sendAgain = page.getByRole('button', { name: en.mailSent.sendAgain });
  // The ring as the person sees it: its colour through every opacity above it, on the card.
  const look = async () => {
    await transitionsEnded(page);
    return await sendAgain.evaluate((button) => {
      const rgb = (colour: string) => (colour.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
      const card = rgb(getComputedStyle(button.closest('main')!).backgroundColor);
      let opacity = 1;
      for (let element: Element | null = button; element; element = element.parentElement) opacity *= Number(getComputedStyle(element).opacity);
      const style = getComputedStyle(button);
      return {
        ring: rgb(style.outlineColor).map((channel, index) => channel * opacity + card[index]! * (1 - opacity)),
        card,
        text: style.color,
        locked: button.getAttribute('aria-disabled'),
      };
    });
  };
  await page.keyboard.press('Tab');
  await expect(sendAgain).toBeFocused();
  const locked = await look();
  expect(locked.locked).toBe('true');
  expect(contrast(locked.ring, locked.card), 'the ring against the card').toBeGreaterThanOrEqual(3);
  await page.emulateMedia({ colorScheme: 'dark' });
  const lockedInDark = await look();
  expect(lockedInDark.card, 'the card in the dark scheme').not.toEqual(locked.card);
  expect(contrast(lockedInDark.ring, lockedInDark.card), 'the ring against the dark card').toBeGreaterThanOrEqual(3);
  await page.emulateMedia({ colorScheme: 'light' });

  // The positive control: once the 30 s are over, the same button looks different (it no longer looks locked).
  await page.clock.runFor(31_000);
  await expect(sendAgain).toHaveAttribute('aria-disabled', 'false');
  const unlocked = await look();
  expect(unlocked.text).not.toBe(locked.text);
  expect(contrast(unlocked.ring, unlocked.card)).toBeGreaterThanOrEqual(3);
  await page.emulateMedia({ colorScheme: 'dark' });
  const unlockedInDark = await look();
  expect(unlockedInDark.text).not.toBe(lockedInDark.text);
  expect(contrast(unlockedInDark.ring, unlockedInDark.card)).toBeGreaterThanOrEqual(3);
});

test('resize text (1.4.4): a browser default font size of 20 px makes the text larger, and the page still needs no sideways scrolling at 320 px', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  const sizes = () => page.evaluate(() => ({
    root: parseFloat(getComputedStyle(document.documentElement).fontSize),
    intro: parseFloat(getComputedStyle(document.querySelector('main p')!).fontSize),
  }));
  await page.goto('/login/en');
  const atDefault = await sizes();
  expect(atDefault.root, 'the theme\'s 14 px at the browser\'s usual 16 px').toBe(14);

  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Page.setFontSizes', { fontSizes: { standard: 20, fixed: 20 } });
  await page.goto('/login/en');
  const larger = await sizes();
  expect(larger.root).toBe(17.5);
  expect(larger.intro).toBeGreaterThan(atDefault.intro);
  expect(await horizontalOverflow(page), 'horizontal scroll').toBeLessThanOrEqual(0);
  expect(await outsideViewport(page)).toEqual([]);
});

test('forced colours: the filled buttons keep an edge where the system paints every background alike', async ({ page }) => {
  await page.emulateMedia({ forcedColors: 'active' });
  const edges = async () =>
    page.locator('main button, main a').evaluateAll((controls) =>
      controls
        .filter((control) => /\bbg-(primary|danger|secondary)\b/.test(control.className))
        .map((control) => {
          const style = getComputedStyle(control);
          return `${control.textContent?.trim()}: ${style.borderTopStyle} ${style.borderTopWidth} ${style.borderTopColor === 'rgba(0, 0, 0, 0)' ? 'transparent' : 'coloured'}`;
        }),
    );
  await page.goto('/login/en');
  expect(await edges()).toEqual([`${en.login.submit}: solid 1px coloured`]);
  await page.goto('/login/en/bookings-extend?userAction=cancel&token=cancel-ok');
  await expect(page.getByRole('button', { name: en.bookings.confirmCancel })).toBeVisible();
  expect(await edges()).toEqual([`${en.bookings.confirmCancel}: solid 1px coloured`]);
});
