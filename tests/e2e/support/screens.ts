import { expect, type Page } from '@playwright/test';
import { newColleague, uniqueAddress } from './backend.ts';
import { requestLink } from './sign-in.ts';

/** A screen as a person reaches it: some only after an earlier step in the same browser. */
export type Screen = { name: string; open: (page: Page) => Promise<string> };

/** The login page, which everyone meets every morning. */
export const LOGIN_SCREEN: Screen = { name: '/login/en', open: async () => '/login/en' };

/** Every screen a page load can reach, the login page first (trial-expired is a form's answer). */
export const SCREENS: Screen[] = [
  LOGIN_SCREEN,
  {
    name: 'mail-sent view',
    open: async (page) => {
      await requestLink(page, uniqueAddress('anna@acme.test'));
      return '/login/en/mail-sent';
    },
  },
  {
    name: 'sign-up',
    open: async (page) => {
      await requestLink(page, newColleague(), 'en', 'signup');
      return '/login/en/signup';
    },
  },
  {
    name: 'organisation picker',
    open: async (page) => {
      await page.goto('/login/start-google?lang=en&login_hint=sso-many%40acme.test');
      await expect(page).toHaveURL(/\/login\/en\/google\/organisations$/);
      return '/login/en/google/organisations';
    },
  },
  {
    name: 'link confirmation',
    open: async () => `/login/en/validatelink?email=anna%40acme.test&uuid=${crypto.randomUUID()}&signature=${'f'.repeat(64)}&timestamp=${Date.now()}`,
  },
  { name: 'booking link', open: async () => '/login/en/bookings-extend?userAction=cancel&token=cancel-ok' },
  {
    name: 'invitation',
    open: async () => `/login/en/invite-user?email=invited.${Date.now().toString(36)}%40acme.test&inviteToken=invite-ok`,
  },
  { name: 'totp', open: async () => '/login/en/totp' },
];
