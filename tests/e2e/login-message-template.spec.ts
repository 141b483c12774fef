import { expect, test } from '@playwright/test';
import en from '../../messages/en.json' with { type: 'json' };
import { bothWays, flightOf, LOGIN_HOST, mainOf, NGINX, valueAt } from './support/screen-templates.ts';

/**
 * The login page with an `?error=` message filled from its template (docs/decisions.md, Screens
 * from templates) is the page rendered per request: the same markup, the same words in its Flight
 * payload, in each language and tone, a German "E-Mail" kept on one line, a provider's name, and
 * the variant this browser's last sign-in method picks. That it works as that page does (the
 * message announced, dismissed, gone once the person types): tests/e2e/sso.spec.ts and tests/e2e/accessibility.spec.ts.
 */

const MESSAGES = [
  { language: 'en', error: 'link-expired' },
  { language: 'de', error: 'sso-user-not-found' },
  { language: 'de', error: 'sign-up-expired' },
  { language: 'nl', error: 'service-unavailable' },
  { language: 'en', error: 'link-declined' },
  { language: 'de', error: 'user-close' },
  { language: 'en', error: 'google-email-not-verified' },
  { language: 'de', error: 'microsoft-organisation-not-allowed' },
];

/** The message's words as the paragraph of components/ui/status-message.tsx carries them in Flight. */
function messageInFlight(flight: string): unknown {
  const at = /"role":"(?:alert|status)","className":"rounded-lg[^"]*","children":/.exec(flight);
  return at ? valueAt(flight, at.index + at[0].length) : undefined;
}

test('the login page with a message, filled from its template, is the page rendered per request, in its HTML and its Flight payload', async ({ request }) => {
  for (const { language, error } of MESSAGES) {
    for (const cookie of ['', '__Host-lastSignInMethod=google']) {
      const path = `/login/${language}?error=${error}`;
      const { filled, rendered } = await bothWays(request, path, cookie ? { cookie } : {});
      expect([filled.status(), rendered.status()], path).toEqual([200, 200]);
      const [filledHtml, renderedHtml] = [await filled.text(), await rendered.text()];
      // The control: only the filled page has a policy of hashes; the one rendered per request has its nonce.
      expect(filled.headers()['content-security-policy'], path).not.toContain("'nonce-");
      expect(rendered.headers()['content-security-policy'], path).toContain("'nonce-");
      expect(mainOf(filledHtml), path).toContain('role="');
      expect(mainOf(filledHtml), `${path} ${cookie}`).toBe(mainOf(renderedHtml));
      expect(messageInFlight(flightOf(filledHtml)), path).toBeDefined();
      expect(messageInFlight(flightOf(filledHtml)), path).toEqual(messageInFlight(flightOf(renderedHtml)));
      expect(filledHtml, path).not.toContain('templatemessagesentinel');
    }
  }
});

test('a message the catalogue does not have is no template: the page rendered per request shows none; the template itself is no address of ours', async ({ request }) => {
  const unknown = await request.get(`${NGINX}/login/en?error=%3Cscript%3E`, { headers: { host: LOGIN_HOST, accept: 'text/html' }, maxRedirects: 0 });
  expect(unknown.status()).toBe(200);
  expect(unknown.headers()['content-security-policy']).toContain("'nonce-");
  expect(mainOf(await unknown.text())).not.toContain('role="alert"');
  // Two messages are none, as the page rendered per request reads them.
  const twice = await request.get(`${NGINX}/login/en?error=link-expired&error=user-close`, { headers: { host: LOGIN_HOST, accept: 'text/html' }, maxRedirects: 0 });
  expect(twice.headers()['content-security-policy']).toContain("'nonce-");
  expect(mainOf(await twice.text())).not.toContain(en.errors.linkExpired);
  // The control: a message of the catalogue is shown, from its template.
  const known = await request.get(`${NGINX}/login/en?error=link-expired`, { headers: { host: LOGIN_HOST, accept: 'text/html' }, maxRedirects: 0 });
  expect(known.headers()['content-security-policy']).not.toContain("'nonce-");
  const knownMain = mainOf(await known.text());
  expect(knownMain).toContain('role="alert"');
  expect(knownMain).toContain(en.errors.linkExpired);
  const own = await request.get(`${NGINX}/login/en/as-template/login-message/error.none.google.microsoft`, { headers: { host: LOGIN_HOST }, maxRedirects: 0 });
  expect(own.status()).toBe(307);
  expect(own.headers().location).toMatch(/\/login\/en$/);
});
