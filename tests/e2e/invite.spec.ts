import { expect, test } from '@playwright/test';
import { backendCalls, invitedAddress } from './support/backend.ts';

test('an invited colleague chooses a valid name and is sent a sign-in link; addUser gets the allowlisted fields, nothing else of the query', async ({ page, request }) => {
  const email = invitedAddress();
  await page.goto(`/login/invite-user?email=${encodeURIComponent(email)}&language=en&inviteToken=invite-ok&role=ROLE_MANAGER&isAdmin=true&deviceId=planted`);
  await expect(page.getByRole('heading', { name: 'Join your team' })).toBeVisible();
  await page.getByLabel('Your name').fill('Zoë van Dijk-Łukasz');
  await page.getByRole('button', { name: 'Join' }).click();
  await expect(page).toHaveURL(/\/login\/en\/mail-sent$/);

  const addUser = (await backendCalls(request)).find((call) => call.path.endsWith('/addUser') && call.body?.email === email);
  expect(addUser?.body).toEqual({ email, language: 'en', inviteToken: 'invite-ok', name: 'Zoë van Dijk-Łukasz' });
});

test('an invitation link that names only the address, as the specification has it, is accepted: addUser gets the address and the name', async ({ page, request }) => {
  const email = invitedAddress();
  await page.goto(`/login/en/invite-user?email=${encodeURIComponent(email)}`);
  await page.getByLabel('Your name').fill('Ida Jansen');
  await page.getByRole('button', { name: 'Join' }).click();
  await expect(page).toHaveURL(/\/login\/en\/mail-sent$/);
  const addUser = (await backendCalls(request)).find((call) => call.path.endsWith('/addUser') && call.body?.email === email);
  expect(addUser?.body).toEqual({ email, name: 'Ida Jansen' });
});

test('a forwarded field longer than 2,048 characters is not passed on; the others are', async ({ page, request }) => {
  const email = invitedAddress();
  await page.goto(`/login/en/invite-user?email=${encodeURIComponent(email)}&inviteToken=invite-ok&subDomain=${'a'.repeat(2049)}`);
  await page.getByLabel('Your name').fill('Jan Smit');
  await page.getByRole('button', { name: 'Join' }).click();
  await expect(page).toHaveURL(/\/login\/en\/mail-sent$/);
  const addUser = (await backendCalls(request)).find((call) => call.path.endsWith('/addUser') && call.body?.email === email);
  expect(addUser?.body).toEqual({ email, inviteToken: 'invite-ok', name: 'Jan Smit' });
});

const nameRules = [
  { name: '   ', message: 'Please enter your name.' },
  { name: '<b>Bob</b>', message: '“<” cannot be used in a name here. Please leave it out or use a space instead.' },
  // A quotation mark or an apostrophe is named in words: in marks of its own it reads as three marks in a row.
  { name: 'Bob"; DROP TABLE users', message: 'A quotation mark cannot be used in a name here. Please leave it out or use a space instead.' },
  { name: "O'Brien", message: 'An apostrophe cannot be used in a name here. Please leave it out or use a space instead.' },
  { name: 'O’Brien', message: 'An apostrophe cannot be used in a name here. Please leave it out or use a space instead.' },
];

for (const { name, message } of nameRules) {
  test(`the invite name ${JSON.stringify(name)} is refused with the name rule, and nothing is sent`, async ({ page, request }) => {
    const email = invitedAddress();
    await page.goto(`/login/en/invite-user?email=${encodeURIComponent(email)}&inviteToken=invite-ok`);
    await page.getByLabel('Your name').fill(name);
    await page.getByRole('button', { name: 'Join' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(message);
    expect((await backendCalls(request)).some((call) => call.path.endsWith('/addUser') && call.body?.email === email)).toBe(false);
  });
}

test('markup in a name is never rendered as markup, even when the server is asked directly', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, ignoreHTTPSErrors: true });
  const page = await context.newPage();
  await page.goto(`/login/en/invite-user?email=${encodeURIComponent(invitedAddress())}&inviteToken=invite-ok`);
  await page.getByLabel('Your name').fill('<img src=x onerror=alert(1)>');
  await page.getByRole('button', { name: 'Join' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('“<” cannot be used in a name here. Please leave it out or use a space instead.');
  await expect(page.locator('main img')).toHaveCount(0);
  await context.close();
});

test('an organisation at its user limit shows the freemium page', async ({ page }) => {
  await page.goto(`/login/de/invite-user?email=${encodeURIComponent(invitedAddress())}&inviteToken=invite-full`);
  await page.getByLabel('Ihr Name').fill('Greta');
  await page.getByRole('button', { name: 'Beitreten' }).click();
  await expect(page).toHaveURL(/\/login\/de\/user-limit$/);
});

test('an invitation the backend does not know says so', async ({ page }) => {
  await page.goto(`/login/en/invite-user?email=${encodeURIComponent(invitedAddress())}&inviteToken=nope`);
  await page.getByLabel('Your name').fill('Hank');
  await page.getByRole('button', { name: 'Join' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(/no longer valid/);
});

/** Issue 26, item 8: the invitation in the words of sign-up, and its rule said precisely, in each language. */
const invitations = [
  {
    language: 'en',
    invitedTo: 'You were invited to join acme. Choose the name your colleagues will see.',
    emailLabel: 'E-mail',
    nameLabel: 'Your name',
    hint: 'Up to 255 characters: letters, digits, spaces, comma, full stop, hyphen, underscore, equals sign and at sign. No apostrophes or quotation marks.',
    wayOut: 'Use another e-mail address',
    login: 'Sign in',
    join: 'Join',
    apostrophe: 'An apostrophe cannot be used in a name here. Please leave it out or use a space instead.',
    incomplete: 'This invitation link is incomplete',
    backToLogin: 'Back to sign-in',
  },
  {
    language: 'de',
    invitedTo: 'Sie wurden zu acme eingeladen. Wählen Sie den Namen, den Ihre Kolleginnen und Kollegen sehen.',
    emailLabel: 'E-Mail',
    nameLabel: 'Ihr Name',
    hint: 'Bis zu 255 Zeichen: Buchstaben, Ziffern, Leerzeichen, Komma, Punkt, Bindestrich, Unterstrich, Gleichheitszeichen und At-Zeichen. Keine Apostrophe oder Anführungszeichen.',
    wayOut: 'Andere E-Mail-Adresse verwenden',
    login: 'Anmelden',
    join: 'Beitreten',
    apostrophe: 'Ein Apostroph ist in einem Namen hier nicht erlaubt. Bitte lassen Sie ihn weg oder setzen Sie stattdessen ein Leerzeichen.',
    incomplete: 'Dieser Einladungslink ist unvollständig',
    backToLogin: 'Zurück zur Anmeldung',
  },
  {
    language: 'nl',
    invitedTo: 'Je bent uitgenodigd voor acme. Kies de naam die je collega’s zien.',
    emailLabel: 'E-mail',
    nameLabel: 'Je naam',
    hint: 'Tot 255 tekens: letters, cijfers, spaties, komma, punt, koppelteken, liggend streepje, isgelijkteken en apenstaartje. Geen apostrofs of aanhalingstekens.',
    wayOut: 'Ander e-mailadres gebruiken',
    login: 'Inloggen',
    join: 'Meedoen',
    apostrophe: 'Een apostrof kan hier niet in een naam worden gebruikt. Laat hem weg of gebruik in plaats daarvan een spatie.',
    incomplete: 'Deze uitnodigingslink is onvolledig',
    backToLogin: 'Terug naar inloggen',
  },
] as const;

for (const invitation of invitations) {
  test(`${invitation.language}: the invitation names its organisation and has sign-up's label and way out, and says its own name rule before anything is sent`, async ({ page }) => {
    const email = invitedAddress();
    await page.goto(`/login/${invitation.language}/invite-user?email=${encodeURIComponent(email)}&inviteToken=invite-ok&subDomain=acme`);
    const main = page.getByRole('main');
    await expect(main.getByText(invitation.invitedTo, { exact: true })).toBeVisible();
    await expect(main.getByText(invitation.emailLabel, { exact: true })).toBeVisible();
    await expect(main.getByText(email, { exact: true })).toBeVisible();
    const name = page.getByRole('textbox', { name: invitation.nameLabel });
    await expect(main.getByText(invitation.hint, { exact: true })).toBeVisible();
    await expect(name).toHaveAccessibleDescription(invitation.hint);
    await main.getByRole('link', { name: invitation.wayOut, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/login/${invitation.language}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(invitation.login);
  });

  test(`${invitation.language}: a name with an apostrophe is refused naming the character and what to do; without it the name is taken`, async ({ page }) => {
    const email = invitedAddress();
    await page.goto(`/login/${invitation.language}/invite-user?email=${encodeURIComponent(email)}&inviteToken=invite-ok`);
    const name = page.getByRole('textbox', { name: invitation.nameLabel });
    for (const refused of ["Sinéad O'Brien", "van 't Hof"]) {
      await name.fill(refused);
      await page.getByRole('button', { name: invitation.join }).click();
      await expect(page.getByRole('main').getByRole('alert'), refused).toHaveText(invitation.apostrophe);
    }
    await name.fill('Sinéad OBrien');
    await page.getByRole('button', { name: invitation.join }).click();
    await expect(page).toHaveURL(new RegExp(`/login/${invitation.language}/mail-sent$`));
  });

  test(`${invitation.language}: an invitation link without an address says it is incomplete and shows no form`, async ({ page }) => {
    for (const query of ['', '?inviteToken=invite-ok', '?email=%20']) {
      await page.goto(`/login/${invitation.language}/invite-user${query}`);
      await expect(page.getByRole('heading', { level: 1 }), query).toHaveText(invitation.incomplete);
      await expect(page.getByRole('textbox'), query).toHaveCount(0);
      await expect(page.getByRole('main').getByRole('link', { name: invitation.backToLogin, exact: true })).toBeVisible();
    }
    // The control: the same page with the address alone shows the form.
    await page.goto(`/login/${invitation.language}/invite-user?email=${encodeURIComponent(invitedAddress())}`);
    await expect(page.getByRole('textbox', { name: invitation.nameLabel })).toBeVisible();
  });
}

test('an organisation that is not a plain sub-domain is not shown, nor is any other text of the query; the address beside it is', async ({ page }) => {
  const email = invitedAddress();
  for (const planted of ['Your account is locked, call +1 555 0100', 'acme.evil.example', '<b>acme</b>', 'a'.repeat(64)]) {
    await page.goto(`/login/en/invite-user?email=${encodeURIComponent(email)}&inviteToken=invite-ok&subDomain=${encodeURIComponent(planted)}&domain=${encodeURIComponent(planted)}`);
    const main = page.getByRole('main');
    await expect(main.getByText(email, { exact: true }), planted).toBeVisible();
    await expect(main.getByText('You were invited. Choose the name your colleagues will see.', { exact: true }), planted).toBeVisible();
    await expect(main, planted).not.toContainText(planted);
    await expect(main, planted).not.toContainText('locked');
  }
});

/** Issue 43, item 6: the invitation's rule is stricter than sign-up's, and says so before the first submit. */
test('the name rule is said before the first submit, "Jan O\'Brien" is refused as the hint warned, and a name within it is taken', async ({ page, request }) => {
  const email = invitedAddress();
  await page.goto(`/login/en/invite-user?email=${encodeURIComponent(email)}&inviteToken=invite-ok`);
  const name = page.getByRole('textbox', { name: 'Your name' });
  const hint = page.getByRole('main').getByText(/^Up to 255 characters: .* No apostrophes or quotation marks\.$/);
  await expect(hint).toBeVisible();
  await expect(name).toHaveAccessibleDescription(await hint.innerText());
  await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);

  await name.fill("Jan O'Brien");
  await page.getByRole('button', { name: 'Join' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('An apostrophe cannot be used in a name here. Please leave it out or use a space instead.');
  await expect(name).toBeFocused();
  expect((await backendCalls(request)).some((call) => call.path.endsWith('/addUser') && call.body?.email === email)).toBe(false);

  // The positive control: the same name within the rule goes through.
  await name.fill('Jan OBrien');
  await page.getByRole('button', { name: 'Join' }).click();
  await expect(page).toHaveURL(/\/login\/en\/mail-sent$/);
  const addUser = (await backendCalls(request)).find((call) => call.path.endsWith('/addUser') && call.body?.email === email);
  expect(addUser?.body?.name).toBe('Jan OBrien');
});
