import en from '../../../messages/en.json' with { type: 'json' };
import { backendCalls, invitedAddress, latestSignInLink, newColleague } from '../support/backend.ts';
import { expectHandedOff } from './arrival.ts';
import { sendLoginForm } from './sign-in.ts';
import { expect, test } from './test.ts';

/** Sign-up, an invitation, the views that end a sign-in, and the booking links of the e-mails. */

test('a new colleague chooses a name, gets a link, and lands on the organisation', async ({ person, request }) => {
  const email = newColleague();
  const window = await (await person()).open('/login/en');
  await sendLoginForm(window, email);
  await window.expectUrl(/\/login\/en\/signup$/);
  await window.expectText(email);
  await window.fill('Your name', 'Dana Jansen');
  await window.click('button', 'Create my account');
  await window.expectUrl(/\/login\/en\/mail-sent$/);
  await window.goto(await latestSignInLink(request, email));
  await expectHandedOff(window, 'acme');
});

test('without JavaScript, the sign-up view says on its page that a name is needed, then the link signs the new colleague in', async ({ person, request }) => {
  const email = newColleague();
  const window = await (await person({ javaScript: false })).open('/login/en');
  await sendLoginForm(window, email);
  await window.expectUrl(/\/login\/en\/signup$/);
  await window.expectText(email);
  // The browser's own check is off without the page's script: the server says it.
  await window.click('button', en.signUp.submit);
  expect(await window.textOf('alert', 'Please enter your name.')).toBe('Please enter your name.');
  await window.fill(en.signUp.nameLabel, 'Dana Jansen');
  await window.click('button', en.signUp.submit);
  await window.expectUrl(/\/login\/en\/mail-sent$/);
  await window.goto(await latestSignInLink(request, email));
  await window.click('button', 'Continue signing in');
  await expectHandedOff(window, 'acme');
});

test('an invited colleague chooses a name and is sent a sign-in link', async ({ person, request }) => {
  const email = invitedAddress();
  const window = await (await person()).open(`/login/invite-user?email=${encodeURIComponent(email)}&language=en&inviteToken=invite-ok`);
  await window.expectText('Join your team');
  await window.fill('Your name', 'Zoë van Dijk-Łukasz');
  await window.click('button', 'Join');
  await window.expectUrl(/\/login\/en\/mail-sent$/);
  const addUser = (await backendCalls(request)).find((call) => call.path.endsWith('/addUser') && call.body?.email === email);
  expect(addUser?.body).toMatchObject({ email, name: 'Zoë van Dijk-Łukasz' });
});

test('an invitation to an organisation at its user limit shows the user-limit view', async ({ person }) => {
  const email = invitedAddress();
  const window = await (await person()).open(`/login/en/invite-user?email=${encodeURIComponent(email)}&inviteToken=invite-full`);
  await window.fill('Your name', 'Greta');
  await window.click('button', 'Join');
  await window.expectUrl(/\/login\/en\/user-limit$/);
  await window.expectText('Your organisation is full');
});

test('after the e-mail step, the free-trial-ended view leads back to the login', async ({ person }) => {
  const window = await (await person()).open('/login/en');
  await sendLoginForm(window, 'trial-expired@errors.test');
  await window.expectText('Your free trial has ended');
  expect(await window.has('textbox', 'Work e-mail'), 'the view replaces the form').toBe(false);
  await window.click('link', 'Sign in another way');
  await window.expectUrl(/\/login\/en$/);
  await window.expectVisible('textbox', 'Work e-mail');
  await window.expectVisible('link', 'Sign in with Google');
});

for (const javaScript of [true, false]) {
  test(`${javaScript ? 'with' : 'without'} JavaScript, an account that uses one-time codes is sent from the e-mail step to the one-time-code view, which leads to both stores`, async ({ person }) => {
    const window = await (await person({ javaScript })).open('/login/en');
    await sendLoginForm(window, 'totp@errors.test');
    await window.expectUrl(/\/login\/en\/totp$/);
    await window.expectText(en.totp.body);
    // A computer is neither store's device: both stand, each an https link this server was given.
    const stores = await window.evaluate<string[]>(
      `[...document.querySelectorAll('main a')].filter((link) => /App Store|Google Play/.test(link.textContent)).map((link) => link.textContent.trim() + ' ' + new URL(link.href).protocol)`,
    );
    expect(stores).toEqual([`${en.totp.appStore} https:`, `${en.totp.playStore} https:`]);
    await window.expectVisible('link', en.totp.support);
  });
}

test('a booking link extends the booking as the page opens', async ({ person }) => {
  const window = await (await person({ device: 'phone' })).open('/login/en/bookings-extend?userAction=retain&token=extend-ok');
  await window.expectText('Booking extended. Your desk stays yours.');
});

test('a booking link to cancel asks first, and cancels on the confirming click', async ({ person }) => {
  const window = await (await person({ device: 'phone' })).open('/login/en/bookings-extend?userAction=cancel&token=cancel-ok');
  await window.expectText('Cancel this booking?');
  await window.click('button', 'Yes, cancel the booking');
  expect(await window.textOf('status', 'Your desk is free for colleagues again.')).toBe('Your desk is free for colleagues again.');
  expect(await window.textOf('heading', 'Booking cancelled')).toBe('Booking cancelled');
});

test('without JavaScript, a booking link to cancel asks first, and its answer shows on its page', async ({ person }) => {
  const window = await (await person({ javaScript: false })).open('/login/en/bookings-extend?userAction=cancel&token=cancel-ok');
  await window.expectText('Cancel this booking?');
  await window.click('button', 'Yes, cancel the booking');
  await window.expectText('Your desk is free for colleagues again.');
  expect(await window.textOf('heading', 'Booking cancelled')).toBe('Booking cancelled');
});

test('without JavaScript, an invitation says on its page what is wrong with a name, and joins once it is corrected', async ({ person }) => {
  const window = await (await person({ javaScript: false })).open(`/login/en/invite-user?email=${encodeURIComponent(invitedAddress())}&inviteToken=invite-ok&subDomain=acme`);
  await window.expectText('You were invited to join acme.');
  await window.fill('Your name', 'Jan <b>');
  await window.click('button', 'Join');
  await window.expectText('“<” cannot be used in a name here.');
  await window.fill('Your name', 'Jan de Boer');
  await window.click('button', 'Join');
  await window.expectUrl(/\/login\/en\/mail-sent$/);
});
