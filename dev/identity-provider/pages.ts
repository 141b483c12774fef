// The pages a person sees at the local identity provider: the account picker and the error page.
// Plain HTML with inline CSS and no scripts; every control is a real form control.
import { escapeHtml } from '../backend/html.ts';
import type { SeededAccount } from './accounts.ts';
import { providerLabels } from './settings.ts';
import type { SiteKind } from './settings.ts';

const accentColours: Record<SiteKind, string> = { google: '#1a56c4', microsoft: '#0067b8', keycloak: '#4d4d4d', generic: '#2f6f4f' };

function pageStyle(kind: SiteKind | undefined): string {
  return `
  :root { color-scheme: light; --accent: ${kind ? accentColours[kind] : '#1d2433'}; --ink: #1d2433; --muted: #4f5b6b; --line: #d5dbe4; }
  * { box-sizing: border-box; }
  body { margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--ink); background: #f3f5f8; }
  main { max-width: 720px; width: calc(100% - 24px); margin: 32px auto; padding: 28px; background: #fff; border: 1px solid var(--line); border-radius: 12px; }
  .badge { display: inline-block; margin: 0 0 12px; padding: 2px 10px; border-radius: 999px; background: #fff4d6; color: #6b4b00; font-size: 13px; font-weight: 600; }
  h1 { font-size: 24px; margin: 0 0 6px; }
  p { margin: 0 0 12px; }
  .lead { color: var(--muted); margin-bottom: 20px; }
  fieldset { border: 0; margin: 0 0 20px; padding: 0; }
  legend { font-weight: 600; margin-bottom: 8px; padding: 0; }
  ul { list-style: none; margin: 0; padding: 0; display: grid; gap: 8px; grid-template-columns: repeat(auto-fill, minmax(250px, 1fr)); }
  button { font: inherit; cursor: pointer; }
  .account { width: 100%; height: 100%; display: grid; align-content: start; gap: 1px; text-align: left; padding: 8px 12px; background: #fff; color: var(--ink); border: 1px solid var(--line); border-radius: 8px; }
  .account:hover { border-color: var(--accent); background: #f7f9fd; }
  .account .name { font-weight: 600; }
  .account .email, .account .note { color: var(--muted); font-size: 13px; }
  label { display: block; font-weight: 600; margin-bottom: 6px; }
  .row { display: flex; gap: 8px; }
  input { flex: 1; min-width: 0; font: inherit; padding: 8px 10px; border: 1px solid #8a94a3; border-radius: 8px; }
  .primary { padding: 8px 16px; background: var(--accent); color: #fff; border: 1px solid var(--accent); border-radius: 8px; font-weight: 600; }
  .secondary { padding: 8px 16px; background: #fff; color: var(--ink); border: 1px solid #8a94a3; border-radius: 8px; }
  :focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
  .hint { color: var(--muted); font-size: 13px; margin-top: 6px; }
  .error { color: #a4161a; font-weight: 600; }
  .cancel { display: flex; align-items: center; gap: 12px; border-top: 1px solid var(--line); padding-top: 18px; margin-top: 4px; }
  .cancel p { margin: 0; color: var(--muted); font-size: 13px; }
  code { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 13px; }
`;
}

function renderDocument(kind: SiteKind | undefined, title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${pageStyle(kind)}</style>
</head>
<body><main>
${body}
</main></body>
</html>
`;
}

export function pageTitle(kind: SiteKind | undefined): string {
  return kind ? `Local identity provider — ${providerLabels[kind]}` : 'Local identity provider';
}

function accountButton(account: SeededAccount): string {
  return `<li><button class="account" type="submit" name="email" value="${escapeHtml(account.email)}">
  <span class="name">${escapeHtml(account.name)}</span>
  <span class="email">${escapeHtml(account.email)}</span>
  <span class="note">${escapeHtml(account.note)}</span>
</button></li>`;
}

export type AccountPickerView = {
  kind: SiteKind;
  actionBase: string;
  clientId: string;
  seededUsers: SeededAccount[];
  seededErrorAccounts: SeededAccount[];
  typedEmail?: string;
  emailError?: string;
};

export function renderAccountPicker(view: AccountPickerView): string {
  const label = providerLabels[view.kind];
  const loginAction = `${view.actionBase}/login`;
  const emailError = view.emailError
    ? `<p class="hint error" id="email-error">${escapeHtml(view.emailError)}</p>`
    : `<p class="hint" id="email-error">Any address works; the development backend decides what it means.</p>`;
  return renderDocument(
    view.kind,
    pageTitle(view.kind),
    `<p class="badge">Development only</p>
<h1>Sign in with ${escapeHtml(label)}</h1>
<p class="lead">This page stands in for ${escapeHtml(label)} on this machine: pick an account and
<code>${escapeHtml(view.clientId)}</code> receives an ID token for it. No password is asked.</p>
<form method="post" action="${escapeHtml(loginAction)}">
<fieldset><legend>Seeded users</legend><ul>
${view.seededUsers.map(accountButton).join('\n')}
</ul></fieldset>
<fieldset><legend>Addresses the backend refuses</legend><ul>
${view.seededErrorAccounts.map(accountButton).join('\n')}
</ul></fieldset>
</form>
<form method="post" action="${escapeHtml(loginAction)}">
<label for="email">Another e-mail address</label>
<div class="row">
<input id="email" name="email" type="email" autocomplete="email" required aria-describedby="email-error"${view.emailError ? ' aria-invalid="true" autofocus' : ''} value="${escapeHtml(view.typedEmail ?? '')}">
<button class="primary" type="submit">Sign in</button>
</div>
${emailError}
</form>
<form class="cancel" method="post" action="${escapeHtml(`${view.actionBase}/cancel`)}">
<button class="secondary" type="submit">Cancel</button>
<p>Back to the app without signing in (<code>error=access_denied</code>).</p>
</form>`,
  );
}

export function renderErrorPage(kind: SiteKind | undefined, heading: string, detail: string): string {
  return renderDocument(
    kind,
    pageTitle(kind),
    `<p class="badge">Development only</p>
<h1>${escapeHtml(heading)}</h1>
<p class="error">${escapeHtml(detail)}</p>
<p class="lead">Start the sign-in again from the app.</p>`,
  );
}
