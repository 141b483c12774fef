import type { IncomingMessage, ServerResponse } from 'node:http';
import { findOrganisation } from './directory.ts';
import { escapeHtml, renderPage } from './html.ts';
import { parseCookies, sendHtml, sendRaw } from './http.ts';

const shownValueLength = 24;

function shorten(value: string): string {
  return value.length > shownValueLength ? `${value.slice(0, 8)}…` : value;
}

// acme.localhost:3000 → "acme"; a bare host or an IP address names no organisation.
function subDomainOfHost(host: string): string | undefined {
  const hostname = host.replace(/:\d+$/, '').toLowerCase();
  if (/^[\d.]+$/.test(hostname) || hostname.startsWith('[')) return undefined;
  const labels = hostname.split('.');
  return labels.length > 1 ? labels[0] : undefined;
}

function renderCookies(req: IncomingMessage): string {
  const cookies = parseCookies(req.headers.cookie);
  const rows =
    cookies.length === 0
      ? '<tr><td colspan="2">No cookies were sent.</td></tr>'
      : cookies
          .map((cookie) => `<tr><td><code>${escapeHtml(cookie.name)}</code></td><td><code>${escapeHtml(shorten(cookie.value))}</code></td></tr>`)
          .join('\n');
  return `<table data-testid="landing-cookies">
<thead><tr><th>Cookie</th><th>Value</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`;
}

// The web app's own cookies of the hand-off (docs/cookies-and-routes.md, Cookies): what its sign-out expires. The
// remembered organisation stays (docs/product.md, Signing out), and the login's cookies are the
// login's to forget, which `?from=web` tells it to.
function signOutCookies(subDomain: string, hostname: string): string[] {
  const parentDomain = hostname.split('.').slice(1).join('.');
  return [`${subDomain}AccessToken`, 'currentUser', 'sharedJWT'].map((name) => `${name}=; Domain=${parentDomain}; Path=/; Max-Age=0; Secure; SameSite=Lax`);
}

// A form post, as a web app signs out: a link that a mail scanner or a prefetch follows signs nobody out.
function signOut(res: ServerResponse, subDomain: string | undefined, host: string): void {
  const cookies = subDomain === undefined ? [] : signOutCookies(subDomain, host.replace(/:\d+$/, '').toLowerCase());
  res.writeHead(303, { location: '/login?from=web', 'set-cookie': cookies, 'cache-control': 'no-store' });
  res.end();
}

export function handleLandingPage(req: IncomingMessage, res: ServerResponse, url: URL): void {
  const host = req.headers.host ?? '';
  const subDomain = subDomainOfHost(host);
  if (req.method === 'POST' && url.pathname === '/sign-out') return signOut(res, subDomain, host);
  if (req.method !== 'GET' && req.method !== 'HEAD') return sendRaw(res, 405, 'text/plain; charset=utf-8', 'Method not allowed\n');
  if (url.pathname === '/favicon.ico') {
    res.writeHead(204);
    return void res.end();
  }
  const organisation = subDomain === undefined ? undefined : findOrganisation(subDomain);
  const signedIn = organisation !== undefined && parseCookies(req.headers.cookie).some((cookie) => cookie.name === `${organisation.subDomain}AccessToken` && cookie.value !== '');
  const shown = organisation?.name ?? organisation?.subDomain;
  const heading = !organisation ? 'No organisation at this address' : signedIn ? `Signed in to ${shown}` : `Not signed in to ${shown}`;
  // Signed out, the web app would show its own login; here the way to this app's, which ?from=web keeps from sending the person straight back.
  const leave = signedIn
    ? `<form method="post" action="/sign-out">
<button type="submit">Sign out</button>
<span class="note">(as the web app signs out: its cookies expire, then <code>/login?from=web</code>, where the login forgets this browser)</span></form>`
    : `<p><a href="/login?from=web">Back to the login</a>
<span class="note">(<code>?from=web</code>: the login page, rather than the remembered organisation sending you straight back here)</span></p>`;

  // When this page was asked for, by this machine's clock: a browser may show it seconds later.
  const servedAt = new Date().toISOString();
  const body = `<h1>${escapeHtml(heading)}</h1>
<p class="note">Main web app (development stand-in). Organisation:
<code data-testid="landing-organisation">${escapeHtml(organisation?.subDomain ?? '')}</code>
· host <code>${escapeHtml(host)}</code>
· address <code data-testid="landing-path">${escapeHtml(url.pathname + url.search)}</code>
· served at <time data-testid="landing-served-at" datetime="${servedAt}">${servedAt.slice(11, 23)}</time></p>
<h2>Cookies this browser sent</h2>
${renderCookies(req)}
${leave}`;
  sendHtml(res, 200, renderPage(heading, body));
}
