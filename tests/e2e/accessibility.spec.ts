import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import en from '../../messages/en.json' with { type: 'json' };
import de from '../../messages/de.json' with { type: 'json' };
import nl from '../../messages/nl.json' with { type: 'json' };
import { uniqueAddress } from './backend.ts';
import { organisationOrigin } from './environment.ts';

/** WCAG 2.2 AA: every screen and state in every language, checked with axe and the keyboard. */

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

type Screen = { name: string; open: (page: Page, d: Dictionary, language: Language) => Promise<void> };

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
      await expect(alertIn(page)).toHaveText(d.errors.userClose);
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
      await page.getByRole('link', { name: d.validateLink.decline }).click();
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
      await expect(alertIn(page)).toHaveText(d.invite.nameRule);
    },
  },
  {
    name: 'organisation picker',
    open: async (page, d, language) => {
      await page.goto(`/login/start-google?lang=${language}&login_hint=sso-many@acme.test`);
      await expectHeading(page, d.sso.pickerHeading);
    },
  },
];

async function axeViolations(page: Page) {
  // Legacy mode runs axe in the page alone, without a second page to merge the results of
  // frames: twice as fast, and these pages have no frames.
  const { violations } = await new AxeBuilder({ page })
    .withTags(WCAG_AA_TAGS)
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(true)
    .analyze();
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

for (const screen of screens) {
  test(`${screen.name}: axe finds nothing in en, de and nl, and every control shows its focus`, async ({ page, context }) => {
    for (const language of languages) {
      await test.step(language, async () => {
        await context.clearCookies();
        await screen.open(page, dictionaries[language], language);
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        expect.soft(await axeViolations(page), `axe in ${language}`).toEqual([]);
      });
    }
    // The focus style does not depend on the language: the last one's page will do.
    expect(await controlsWithoutVisibleFocus(page)).toEqual([]);
  });
}

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
    await expect(page.getByRole('button', { name: 'acme' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'globex' })).toBeFocused();
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
