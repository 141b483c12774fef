import type { Browser } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { mailSentCookie, requestLink, stateCookie } from './sign-in.ts';
import { SIZE_BUDGETS } from './size-budgets.ts';

/**
 * Every screen of the sign-in (issues 14 and 16), as a browser reaches it: the URL to load, and
 * the cookies an earlier step left there. Each call of `visit` makes that state anew (a fresh
 * link request, sign-up or single sign-on), so no measurement inherits another's.
 */

export type Visit = {
  /** Path on the app, query included. */
  path: string;
  /** A `Cookie` header with the state an earlier step left. */
  cookie?: string;
  /**
   * The screen is the server's answer to the e-mail form at `path` submitted with this address:
   * the page is loaded, then the form posted as a browser without script posts it (a copy of the
   * form, which no script intercepts), so the answer arrives as a document of its own.
   */
  submitEmail?: string;
  /** The heading the document must show: the check that a form post arrived where it should. */
  heading?: string;
};

export type Screen = {
  name: string;
  /** JavaScript gzip allowed above the bare Next.js page (issue 14; bench/size-budgets.ts). */
  javascriptAboveFloorGzip: number;
  /**
   * Rendered per request and reached by a plain GET (with the cookies `visit` makes): its server
   * CPU is budgeted under load (issue 33). Not the prerendered login page, nor a form's answer.
   */
  renderedPerRequest: boolean;
  /**
   * A browser's load of it is filled from the screen's template (docs/decisions.md, Screens from
   * templates), within its own budget; the bench measures it beside the same screen rendered per
   * request, which a request of Next's router still gets.
   */
  fromTemplate?: boolean;
  visit(browser: Browser): Promise<Visit>;
};

/** A message of the app's English dictionary, read as it is now (its words may change). */
function englishText(namespace: string, key: string): string {
  const messages = JSON.parse(readFileSync(join(process.cwd(), 'messages/en.json'), 'utf8')) as Record<string, Record<string, unknown>>;
  const text = messages[namespace]?.[key];
  if (typeof text !== 'string') throw new Error(`messages/en.json has no ${namespace}.${key}`);
  return text;
}

function random(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

export function appScreens(appOrigin: string): Screen[] {
  return [
    { name: '/login/en', javascriptAboveFloorGzip: SIZE_BUDGETS.loginJavascriptAboveFloor, renderedPerRequest: false, visit: async () => ({ path: '/login/en' }) },
    {
      name: 'mail-sent',
      javascriptAboveFloorGzip: SIZE_BUDGETS.screenJavascriptAboveFloor,
      renderedPerRequest: true,
      fromTemplate: true,
      visit: async (browser) => ({ path: '/login/en/mail-sent', cookie: await mailSentCookie(browser, appOrigin) }),
    },
    {
      name: 'sign-up',
      javascriptAboveFloorGzip: SIZE_BUDGETS.screenJavascriptAboveFloor,
      renderedPerRequest: true,
      fromTemplate: true,
      visit: async (browser) => ({
        path: '/login/en/signup',
        cookie: await stateCookie(browser, appOrigin, (page) => requestLink(page, appOrigin, `new.${random()}@acme.test`, 'signup')),
      }),
    },
    {
      name: 'organisation picker',
      javascriptAboveFloorGzip: SIZE_BUDGETS.screenJavascriptAboveFloor,
      renderedPerRequest: true,
      fromTemplate: true,
      // Single sign-on through the local identity provider (its certificate is the bench's own
      // authority's), which signs in the hinted account without asking.
      visit: async (browser) => ({
        path: '/login/en/google/organisations',
        cookie: await stateCookie(
          browser,
          appOrigin,
          async (page) => {
            await page.goto(`${appOrigin}/login/start-google?lang=en&login_hint=sso-many%40acme.test`);
            await page.waitForURL(/\/login\/en\/google\/organisations$/);
          },
          { ignoreHTTPSErrors: true },
        ),
      }),
    },
    {
      name: 'validatelink',
      javascriptAboveFloorGzip: SIZE_BUDGETS.screenJavascriptAboveFloor,
      renderedPerRequest: true,
      fromTemplate: true,
      // A link opened in a browser that did not ask for it: the page asks before it signs in.
      visit: async () => ({
        path: `/login/en/validatelink?email=anna%40acme.test&uuid=${crypto.randomUUID()}&signature=${'f'.repeat(64)}&timestamp=${Date.now()}`,
      }),
    },
    {
      name: 'bookings-extend',
      javascriptAboveFloorGzip: SIZE_BUDGETS.screenJavascriptAboveFloor,
      renderedPerRequest: true,
      fromTemplate: true,
      visit: async () => ({ path: '/login/en/bookings-extend?userAction=cancel&token=cancel-ok' }),
    },
    {
      name: 'invite',
      javascriptAboveFloorGzip: SIZE_BUDGETS.screenJavascriptAboveFloor,
      renderedPerRequest: true,
      fromTemplate: true,
      visit: async () => ({ path: `/login/en/invite-user?email=invited.${random()}%40acme.test&inviteToken=invite-ok` }),
    },
    { name: 'totp', javascriptAboveFloorGzip: SIZE_BUDGETS.screenJavascriptAboveFloor, renderedPerRequest: true, fromTemplate: true, visit: async () => ({ path: '/login/en/totp' }) },
    {
      name: 'login page with a message',
      javascriptAboveFloorGzip: SIZE_BUDGETS.loginJavascriptAboveFloor,
      renderedPerRequest: true,
      fromTemplate: true,
      visit: async () => ({ path: '/login/en?error=sso-start-again' }),
    },
    {
      name: 'trial-expired',
      javascriptAboveFloorGzip: SIZE_BUDGETS.screenJavascriptAboveFloor,
      renderedPerRequest: false,
      // Not a page of its own: the login form's answer for an organisation whose trial ended. With
      // script it replaces the form in place; as a document, it is what the form's post returns.
      visit: async () => ({
        path: '/login/en',
        submitEmail: 'trial-expired@errors.test',
        heading: englishText('trialExpired', 'heading'),
      }),
    },
  ];
}

/**
 * Runs in the page: posts a copy of its first form with `email` filled in, as a browser without
 * script would post the form itself (React's own form would be intercepted by its script), to the
 * page itself or to `action`.
 */
export function submitFormWithoutScript({ email, action }: { email: string; action?: string }): void {
  const original = document.querySelector('form');
  if (!original) throw new Error('no form on the page');
  const copy = original.cloneNode(true) as HTMLFormElement;
  copy.setAttribute('action', action ?? location.pathname + location.search);
  copy.setAttribute('method', 'POST');
  copy.setAttribute('enctype', 'multipart/form-data');
  const field = copy.querySelector<HTMLInputElement>('input[name="email"]');
  if (!field) throw new Error('no email field in the form');
  field.value = email;
  copy.hidden = true;
  document.body.append(copy);
  copy.submit();
}


/** Runs in the page: the text of its first heading. */
export function firstHeading(): string {
  return document.querySelector('h1')?.textContent?.trim() ?? '';
}
