import { expect } from '@playwright/test';
import { DOMAIN, organisationOrigin } from '../support/environment.ts';
import type { Window } from './engine.ts';

/** The names of the cookies the organisation's host received, read off its landing page. */
function cookiesReceived(window: Window): Promise<string[]> {
  return window.evaluate(`[...document.querySelectorAll('[data-testid=landing-cookies] tbody tr td:first-child')].map((cell) => cell.innerText)`);
}

/**
 * The person landed on the organisation, and its host received every cookie of the hand-off
 * (lib/cookies.ts, organisation-domain) from this engine, and none of the login host's own.
 */
export async function expectHandedOff(window: Window, subDomain: string): Promise<void> {
  await window.expectUrl(`${organisationOrigin(subDomain)}/`, `the ${subDomain} organisation's address`);
  const received = await cookiesReceived(window);
  expect(received, `cookies sent to ${subDomain}.${DOMAIN}`).toEqual(expect.arrayContaining(['loginUUID', 'flwSubDomain', `${subDomain}AccessToken`]));
  expect(received.filter((name) => name.startsWith('__Host-')), 'cookies only the login host may see').toEqual([]);
}
