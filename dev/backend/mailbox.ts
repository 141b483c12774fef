import type { IncomingMessage, ServerResponse } from 'node:http';
import { escapeHtml, renderPage } from './html.ts';
import { sendErrorCode, sendHtml, sendJson } from './http.ts';
import { backendConfig } from './config.ts';
import { readyLinks, SAMPLE_APP_CODE_VERIFIER, type ReadyLink } from './ready-links.ts';

type MailMessage = { sentAt: Date; to: string; subject: string; link: string };

// Newest first.
const messages: MailMessage[] = [];

export function sendMail(to: string, subject: string, link: string): void {
  messages.unshift({ sentAt: new Date(), to, subject, link });
}

/** Each address "Open the app" sent the browser to, newest first, as the gateway saw it: a browser cannot open the sample app's scheme. */
const appOpenings: { at: Date; address: string }[] = [];

export function recordAppOpening(address: string): void {
  appOpenings.unshift({ at: new Date(), address });
}

export function emptyMailbox(): void {
  messages.length = 0;
  appOpenings.length = 0;
}

/** The app's side of the hand-off, ready to paste: the code it received, redeemed with the sample app's verifier. */
export function redeemCommand(address: string, loginOrigin: string): string {
  const code = URL.canParse(address) ? (new URL(address).searchParams.get('code') ?? '') : '';
  return `curl -s -d '${new URLSearchParams({ code, code_verifier: SAMPLE_APP_CODE_VERIFIER }).toString()}' ${loginOrigin}/login/api/sso/token`;
}

function renderAppOpenings(loginOrigin: string): string {
  if (appOpenings.length === 0) return '';
  const rows = appOpenings.map(
    ({ at, address }) => `<tr>
  <td data-label="Time">${escapeHtml(at.toLocaleTimeString('en-GB', { hour12: false }))}</td>
  <td data-label="Address"><code data-app-opening>${escapeHtml(address)}</code></td>
  <td data-label="Redeem"><code data-redeem-command>${escapeHtml(redeemCommand(address, loginOrigin))}</code></td>
</tr>`,
  );
  return `<h2 id="sample-app">The sample app</h2>
<p class="note">What "Open the app" sent the browser to, newest first; a browser cannot open it. The command redeems the code as the app would, once, within 60 seconds.</p>
<table class="stacked">
<thead><tr><th>Time</th><th>Address</th><th>Redeem</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody>
</table>`;
}

function renderMessage(message: MailMessage): string {
  const time = message.sentAt.toLocaleTimeString('en-GB', { hour12: false });
  return `<tr>
  <td data-label="Time" title="${escapeHtml(message.sentAt.toISOString())}">${escapeHtml(time)}</td>
  <td data-label="To">${escapeHtml(message.to)}</td>
  <td data-label="Subject">${escapeHtml(message.subject)}</td>
  <td data-label="Link"><a class="button" href="${escapeHtml(message.link)}">Open sign-in link</a>
    <details><summary>Show address</summary><code>${escapeHtml(message.link)}</code></details></td>
</tr>`;
}

function renderReadyLink(link: ReadyLink, loginOrigin: string): string {
  return `<tr>
  <td data-label="Flow">${escapeHtml(link.flow)}</td>
  <td data-label="Link"><a href="${escapeHtml(loginOrigin + link.path)}" data-ready-link="${escapeHtml(link.flow)}">${escapeHtml(link.label)}</a></td>
  <td data-label="Then">${escapeHtml(link.step ?? '')}</td>
  <td data-label="You see" data-outcome>${escapeHtml(link.outcome)}</td>
</tr>`;
}

/** Every booking action and invitation case, and the sample app's sign-in, as links with the seed's tokens. */
export function renderReadyLinks(loginOrigin: string): string {
  return `<h2 id="ready-links">Links to try</h2>
<p class="note">The links of booking and invitation e-mails, with the development backend's seeded tokens (dev/README.md), and the sample app's single sign-on.</p>
<table class="stacked">
<thead><tr><th>Flow</th><th>Link</th><th>Then</th><th>You see</th></tr></thead>
<tbody>
${readyLinks().map((link) => renderReadyLink(link, loginOrigin)).join('\n')}
</tbody>
</table>`;
}

function renderMailbox(): string {
  const list =
    messages.length === 0
      ? '<p class="empty">No messages yet. Sign in with an e-mail address from dev/README.md and the link appears here.</p>'
      : `<table class="stacked">
<thead><tr><th>Time</th><th>To</th><th>Subject</th><th>Link</th></tr></thead>
<tbody>
${messages.map(renderMessage).join('\n')}
</tbody>
</table>`;
  return renderPage(
    'Mailbox',
    `<h1>Mailbox</h1>
<p class="note">Every e-mail the development backend would have sent, newest first. Reload to see new ones. <a href="#ready-links">Links to try</a> are below.</p>
${list}
${renderAppOpenings(backendConfig.linkOrigin)}
${renderReadyLinks(backendConfig.linkOrigin)}`,
  );
}

export function handleMailbox(req: IncomingMessage, res: ServerResponse, url: URL): void {
  if (req.method !== 'GET') return sendErrorCode(res, 405, 'METHOD_NOT_ALLOWED');
  if (url.pathname === '/mailbox' || url.pathname === '/mailbox/') return sendHtml(res, 200, renderMailbox());
  if (url.pathname === '/mailbox/latest') {
    const to = (url.searchParams.get('to') ?? '').trim().toLowerCase();
    const message = messages.find((candidate) => candidate.to === to);
    return message ? sendJson(res, 200, { link: message.link }) : sendErrorCode(res, 404, 'NOT_FOUND');
  }
  sendErrorCode(res, 404, 'NOT_FOUND');
}
