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

export function handleLandingPage(req: IncomingMessage, res: ServerResponse, url: URL): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') return sendRaw(res, 405, 'text/plain; charset=utf-8', 'Method not allowed\n');
  if (url.pathname === '/favicon.ico') {
    res.writeHead(204);
    return void res.end();
  }
  const host = req.headers.host ?? '';
  const subDomain = subDomainOfHost(host);
  const organisation = subDomain === undefined ? undefined : findOrganisation(subDomain);
  const heading = organisation ? `Signed in to ${organisation.name}` : 'No organisation at this address';

  const body = `<h1>${escapeHtml(heading)}</h1>
<p class="note">Main web app (development stand-in). Organisation:
<code data-testid="landing-organisation">${escapeHtml(organisation?.subDomain ?? '')}</code>
· host <code>${escapeHtml(host)}</code>
· address <code data-testid="landing-path">${escapeHtml(url.pathname + url.search)}</code></p>
<h2>Cookies this browser sent</h2>
${renderCookies(req)}
<p><a href="/login?from=web">Back to the login</a>
<span class="note">(<code>?from=web</code>: the login forgets this sign-in rather than send you straight back here)</span></p>`;
  sendHtml(res, 200, renderPage(heading, body));
}
