import en from '../../../messages/en.json' with { type: 'json' };
import de from '../../../messages/de.json' with { type: 'json' };
import { backendCalls, latestSignInLink, uniqueAddress } from '../support/backend.ts';
import { expectHandedOff } from './arrival.ts';
import { expect, test } from './test.ts';

/**
 * Issue 49: a chosen language stays chosen. The language links keep the view and what it holds,
 * and the language chosen before asking for a link is the one the link's page speaks, in any
 * browser of the person's.
 */

test('a language chosen in an English browser keeps the wait, and the link speaks it in another browser', async ({ person, request }) => {
  const email = uniqueAddress('anna@acme.test');
  const desk = await (await person()).open('/login/en');
  await desk.click('link', 'Deutsch');
  await desk.expectUrl(/\/login\/de$/);
  await desk.fill(de.login.emailLabel, email);
  await desk.click('button', de.login.submit);
  await desk.expectUrl(/\/login\/de\/mail-sent$/);
  await desk.expectText(de.mailSent.heading);

  // The wait stays: the same view in English, still waiting, and no second link was sent.
  await desk.click('link', 'English');
  await desk.expectUrl(/\/login\/en\/mail-sent$/);
  await desk.expectText(en.mailSent.waiting);
  const linksAsked = (await backendCalls(request)).filter((call) => call.path.endsWith(`/${encodeURIComponent(email)}/verifyUser`));
  expect(linksAsked, 'verifyUser, asked once for the address').toHaveLength(1);

  // Another browser of the person's, in English: the link's page speaks the language the link was asked in.
  const phone = await (await person({ device: 'phone' })).open(await latestSignInLink(request, email));
  await phone.expectUrl(/\/login\/de\/validatelink\?/);
  expect(await phone.textOf('heading', de.validateLink.askHeading)).toBe(de.validateLink.askHeading);

  // Its language link keeps the link itself: the same question in English, and the link still signs in.
  await phone.click('link', 'English');
  await phone.expectUrl(/\/login\/en\/validatelink\?.*uuid=/);
  expect(await phone.textOf('heading', en.validateLink.askHeading)).toBe(en.validateLink.askHeading);
  await phone.click('button', en.validateLink.confirm);
  await phone.expectText(en.validateLink.codeHeading);
  await phone.click('link', en.validateLink.continueHere);
  await expectHandedOff(phone, 'acme');
});
