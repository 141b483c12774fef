import en from '../../../messages/en.json' with { type: 'json' };
import de from '../../../messages/de.json' with { type: 'json' };
import nl from '../../../messages/nl.json' with { type: 'json' };
import { latestSignInLink, uniqueAddress } from '../support/backend.ts';
import { organisationOrigin } from '../support/environment.ts';
import { expectHandedOff, landingServedAt } from './arrival.ts';
import { sendLoginForm } from './sign-in.ts';
import { expect, test } from './test.ts';

/** The e-mail sign-in in every engine (tests/e2e/engines/README.md): the flows people meet every morning. */

test('the prerendered login page hydrates under its policy of hashes: a wrong address is answered in place, with no page load', async ({ person }) => {
  const window = await (await person()).open('/login/en');
  // React marks each element it hydrated; when the policy refuses a script, the page stays plain HTML.
  await expect
    .poll(() => window.evaluate<boolean>(`Object.keys(document.getElementById('email') ?? {}).some((key) => key.startsWith('__reactFiber'))`), { message: 'the form hydrated' })
    .toBe(true);
  await window.evaluate('window.stillTheSameDocument = true');
  await sendLoginForm(window, 'not an address');
  await window.expectText('Please enter a valid e-mail address.');
  expect(await window.evaluate<boolean>('window.stillTheSameDocument === true')).toBe(true);
});

test('focus order (2.4.3): the server refusing an address puts the focus back in the field, which the message describes', async ({ person }) => {
  const window = await (await person()).open('/login/en');
  await expect
    .poll(() => window.evaluate<boolean>(`Object.keys(document.getElementById('email') ?? {}).some((key) => key.startsWith('__reactFiber'))`), { message: 'the form hydrated' })
    .toBe(true);
  await sendLoginForm(window, 'not-found@errors.test');
  await window.expectText(en.errors.userNotFound);
  await expect.poll(() => window.evaluate<string>(`document.activeElement ? document.activeElement.id || document.activeElement.tagName : ''`), { message: 'the focused element' }).toBe('email');
  expect(await window.evaluate<string>(`document.getElementById(document.getElementById('email').getAttribute('aria-describedby')).textContent`)).toBe(en.errors.userNotFound);
});

test('e-mail sign-in in one browser: the waiting window follows the link opened in another window at once', async ({ person, request }) => {
  const anna = await person();
  const email = uniqueAddress('anna@acme.test');
  const waiting = await anna.open('/login');
  await waiting.expectUrl(/\/login\/en$/);
  await sendLoginForm(waiting, email);
  await waiting.expectUrl(/\/login\/en\/mail-sent$/);
  await waiting.expectText('Check your inbox');
  // Loaded as a document, the view is filled from its template (docs/decisions.md, Screens from
  // templates): it must hydrate under its hashes for the window to follow the link below.
  await waiting.goto('/login/en/mail-sent');
  await waiting.expectText(email);
  await waiting.expectText('Waiting for you to open the link');

  const linkWindow = await anna.open(await latestSignInLink(request, email));
  await expectHandedOff(linkWindow, 'acme');
  await expectHandedOff(waiting, 'acme');
  // The poll interval is 5 s: only the message from window to window has the waiting one ask this
  // soon. Timed by when the organisation served each window, not when each showed it: a browser
  // may take seconds to start a process for the other host (arrival.ts).
  const apart = Math.abs((await landingServedAt(waiting)) - (await landingServedAt(linkWindow)));
  expect(apart, 'ms between the two windows asking for the organisation').toBeLessThanOrEqual(1_500);
});

test('a link opened in another browser signs in that browser; the waiting one continues with the code it shows', async ({ person, request }) => {
  const email = uniqueAddress('bert@globex.test');
  const desk = await (await person()).open('/login/en');
  await sendLoginForm(desk, email);
  await desk.expectUrl(/\/login\/en\/mail-sent$/);

  const phone = await (await person({ device: 'phone' })).open(await latestSignInLink(request, email));
  await phone.click('button', 'Yes, sign me in');
  await phone.expectText('Link confirmed');
  const code = await phone.evaluate<string>(`document.querySelector('[data-testid=link-code]').innerText`);
  expect(code).toMatch(/^\d{6}$/);
  await phone.click('link', 'Continue here');
  await expectHandedOff(phone, 'globex');

  await desk.fill('Code of six digits', code);
  await desk.click('button', 'Continue');
  await expectHandedOff(desk, 'globex');
});

for (const [language, messages] of [['de', de], ['nl', nl]] as const) {
  const { heading, emailLabel: field, submit: send } = messages.login;
  const sent = messages.mailSent.heading;
  test(`${language} from the browser's own language: /login leads to /login/${language}, and the sign-in speaks it to the end`, async ({ person, request }) => {
    const email = uniqueAddress('carla@initech.test');
    const window = await (await person({ language })).open('/login');
    await window.expectUrl(new RegExp(`/login/${language}$`));
    expect(await window.evaluate('document.documentElement.lang')).toBe(language);
    expect(await window.textOf('heading', heading)).toBe(heading);
    await window.fill(field, email);
    await window.click('button', send);
    await window.expectText(sent);
    await window.goto(await latestSignInLink(request, email));
    await expectHandedOff(window, 'initech');
  });
}

test('the language in the path wins over the browser\'s own', async ({ person }) => {
  const window = await (await person({ language: 'de' })).open('/login/nl');
  await window.expectUrl(/\/login\/nl$/);
  expect(await window.evaluate('document.documentElement.lang')).toBe('nl');
  await window.expectText(nl.login.emailLabel);
});

test('the login page with a message, filled from its template, shows it and hydrates: the first keystroke clears it, and the form sends the link', async ({ person }) => {
  const window = await (await person()).open('/login/en?error=link-expired');
  await window.expectVisible('alert', en.errors.linkExpired);
  await window.fill(en.login.emailLabel, uniqueAddress('anna@acme.test'));
  // Cleared by the page's own script (components/ui/login-page-message.tsx): the filled page hydrated.
  await expect.poll(() => window.has('alert', en.errors.linkExpired), { message: 'the message after typing' }).toBe(false);
  await window.click('button', en.login.submit);
  await window.expectUrl(/\/login\/en\/mail-sent$/);
});

test('without JavaScript the login page with a message shows it, and its form still sends the link', async ({ person }) => {
  const window = await (await person({ javaScript: false })).open('/login/de?error=sign-up-expired');
  await window.expectVisible('alert', de.errors.signUpExpired);
  await window.fill(de.login.emailLabel, uniqueAddress('anna@acme.test'));
  await window.click('button', de.login.submit);
  await window.expectUrl(/\/login\/de\/mail-sent$/);
});

test('without JavaScript the e-mail form reaches the mail-sent view, and the link still signs in', async ({ engine, person, request }) => {
  const email = uniqueAddress('anna@acme.test');
  const window = await (await person({ javaScript: false })).open('/login/en');
  await sendLoginForm(window, email);
  await window.expectUrl(/\/login\/en\/mail-sent$/);
  // The view filled from its template, as a form's answer loads it. Chromium without script still
  // parses <noscript> as text (Playwright turns scripts off by emulation), so its address stays unread.
  if (engine !== 'chromium') await window.expectText(email);
  await window.expectText('The link was sent just now.');
  await window.goto(await latestSignInLink(request, email));
  await window.click('button', 'Continue signing in');
  await expectHandedOff(window, 'acme');
});

test('in a phone-sized window the whole form fits the width, and the sign-in works', async ({ person, request }) => {
  const email = uniqueAddress('anna@acme.test');
  const phone = await person({ device: 'phone' });
  const window = await phone.open('/login/en');
  await window.expectText('Work e-mail');
  // 390 CSS px; MiniBrowser's window is no narrower than its toolbar, 447 px: still a phone's layout.
  const width = await window.evaluate<number>('innerWidth');
  expect(width).toBeGreaterThanOrEqual(390);
  expect(width, 'below the layout\'s first breakpoint, as on a phone').toBeLessThan(640);
  expect(await window.evaluate('document.documentElement.scrollWidth'), 'no sideways scrolling').toBeLessThanOrEqual(width);
  await sendLoginForm(window, email);
  await window.expectText('Check your inbox');
  await (await phone.open(await latestSignInLink(request, email))).expectUrl(`${organisationOrigin('acme')}/`);
  await expectHandedOff(window, 'acme');
});

test('with every cookie blocked, the login page still shows its form', async ({ engine, person }) => {
  test.skip(engine === 'chromium', 'Playwright has no setting that blocks cookies in Chromium');
  const window = await (await person({ cookies: 'blocked' })).open('/login/en');
  await window.expectVisible('textbox', 'Work e-mail');
  expect(await window.text()).not.toContain('Something went wrong');
});
