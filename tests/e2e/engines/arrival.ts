import { expect } from '@playwright/test';
import { DOMAIN, organisationOrigin } from '../support/environment.ts';
import type { Window } from './engine.ts';

/**
 * How long the arrival on the organisation's host may take. Our servers answer it within a second
 * or two, but a browser may start a process for the other host before it shows the page: beside
 * ten busy processes WebKitGTK held the page nginx had served for 4.6 s before its navigation even
 * began (performance.timeOrigin against nginx's log), and in CI's runs nothing came from it for
 * 7 s after the page was served, so 10 s was sometimes too little. How fast a sign-in is, is the
 * benchmarks' to say; this is a wait.
 */
const ARRIVAL_TIMEOUT = 30_000;

/** The names of the cookies the organisation's host received, read off its landing page. */
function cookiesReceived(window: Window): Promise<string[]> {
  return window.evaluate(`[...document.querySelectorAll('[data-testid=landing-cookies] tbody tr td:first-child')].map((cell) => cell.innerText)`);
}

/**
 * When the organisation's host served the page this window shows (the development stand-in says,
 * dev/backend/landing-page.ts), in ms since 1970: when the browser asked for it, however long it
 * then took to show it.
 */
export async function landingServedAt(window: Window): Promise<number> {
  const servedAt = Date.parse(await window.evaluate<string>(`document.querySelector('[data-testid=landing-served-at]').dateTime`));
  expect(servedAt, 'when the organisation served the page').not.toBeNaN();
  return servedAt;
}

/**
 * The person landed on the organisation, and its host received every cookie of the hand-off
 * (lib/flows/hand-off.ts; organisation-domain in lib/platform/cookies.ts) from this engine, and none of the login
 * host's own. `currentUser` comes with a sign-in by e-mail, which knows the address.
 */
export async function expectHandedOff(window: Window, subDomain: string, method: 'email' | 'provider' = 'email'): Promise<void> {
  await window.expectUrl(`${organisationOrigin(subDomain)}/`, `the ${subDomain} organisation's address`, ARRIVAL_TIMEOUT);
  const received = await cookiesReceived(window);
  const promised = ['loginUUID', 'flwSubDomain', `${subDomain}AccessToken`, ...(method === 'email' ? ['currentUser'] : [])];
  expect(received, `cookies sent to ${subDomain}.${DOMAIN}`).toEqual(expect.arrayContaining(promised));
  expect(received.filter((name) => name.startsWith('__Host-')), 'cookies only the login host may see').toEqual([]);
}
