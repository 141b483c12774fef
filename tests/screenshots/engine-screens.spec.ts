import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import en from '../../messages/en.json' with { type: 'json' };
import { uniqueAddress } from '../e2e/support/backend.ts';
import type { BrowserSettings, Window } from '../e2e/engines/engine.ts';
import { sendLoginForm } from '../e2e/engines/sign-in.ts';
import { test } from '../e2e/engines/test.ts';

/**
 * The main screens in each engine, at desktop and phone size (issue 24, item 3), for a person to
 * lay side by side: fonts, focus rings, form controls and wrapping are where engines differ.
 * `npm run screenshots` writes them to reports/engine-screenshots/<screen>-<device>-<engine>.png;
 * they are compared, not committed.
 */

const DIRECTORY = join(process.cwd(), 'reports/engine-screenshots');

/** The login page, its form sent with `address`. */
async function submitAddress(window: Window, address: string): Promise<void> {
  await window.goto('/login/en');
  await sendLoginForm(window, address);
}

const screens: Record<string, (window: Window) => Promise<void>> = {
  login: async (window) => {
    await window.goto('/login/en');
    await window.expectVisible('heading', en.login.heading);
  },
  // The field and its message as each engine draws an invalid address.
  'login-invalid': async (window) => {
    await submitAddress(window, 'anna@acme');
    await window.expectVisible('alert', en.errors.emailNotValid);
  },
  'mail-sent': async (window) => {
    await submitAddress(window, uniqueAddress('anna@acme.test'));
    await window.expectVisible('heading', en.mailSent.heading);
  },
  picker: async (window) => {
    await window.goto('/login/start-google?lang=en&login_hint=sso-many%40acme.test');
    await window.expectVisible('heading', en.sso.pickerHeading);
  },
  'trial-expired': async (window) => {
    await submitAddress(window, 'trial-expired@errors.test');
    await window.expectVisible('heading', en.trialExpired.heading);
  },
  'booking-cancel': async (window) => {
    await window.goto('/login/en/bookings-extend?userAction=cancel&token=cancel-ok');
    await window.expectVisible('button', en.bookings.confirmCancel);
  },
};

for (const device of ['desktop', 'phone'] as const satisfies BrowserSettings['device'][]) {
  for (const [screen, open] of Object.entries(screens)) {
    test(`${screen} on a ${device}`, async ({ engine, person }) => {
      const window = await (await person({ device })).open();
      await open(window);
      mkdirSync(DIRECTORY, { recursive: true });
      await window.screenshot(join(DIRECTORY, `${screen}-${device}-${engine}.png`));
    });
  }
}
