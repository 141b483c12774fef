// The sign-in step of an authorization request: oidc-provider sends the browser to
// <mount>/interaction/<uid>; this shows the account picker, or signs in at once the address a
// login_hint names (the end-to-end tests rely on that), and reports the outcome back.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Interaction } from 'oidc-provider';
import { looksLikeEmail, normaliseEmail } from '../backend/directory.ts';
import { readBody, sendHtml } from '../backend/http.ts';
import { accountIdFor, seededErrorAccounts, seededUsers } from './accounts.ts';
import type { LocalProvider, MountedRequest } from './local-providers.ts';
import { renderAccountPicker, renderErrorPage } from './pages.ts';

export type InteractionAction = 'show' | 'login' | 'cancel';

/**
 * `login_hint=provider-error.<code>[+anything]@errors.test` makes the provider answer the app with
 * `error=<code>` instead of a code: consent_required, interaction_required, login_required,
 * temporarily_unavailable, server_error, or any made-up code (the end-to-end tests use this).
 */
function providerErrorOf(hint: string): string | undefined {
  return /^provider-error\.([a-z_]{1,40})(\+[^@]*)?@errors\.test$/i.exec(hint.trim())?.[1]?.toLowerCase();
}

async function signIn(site: LocalProvider, req: IncomingMessage, res: ServerResponse, email: string): Promise<void> {
  const accountId = accountIdFor(site.kind, normaliseEmail(email));
  // consent and select_account resolve with the login: the grant is implied (loadExistingGrant).
  await site.provider.interactionFinished(
    req,
    res,
    { login: { accountId }, consent: {}, select_account: {} },
    { mergeWithLastSubmission: false },
  );
}

function showPicker(site: LocalProvider, req: MountedRequest, interaction: Interaction, res: ServerResponse, typed?: { email: string; error: string }): void {
  const html = renderAccountPicker({
    kind: site.kind,
    actionBase: `${req.mountPath ?? site.mountPaths[0]}/interaction/${interaction.uid}`,
    clientId: String(interaction.params.client_id ?? site.clients[0]!.clientId),
    seededUsers,
    seededErrorAccounts,
    typedEmail: typed?.email,
    emailError: typed?.error,
  });
  sendHtml(res, typed ? 400 : 200, html);
}

export async function handleInteraction(
  site: LocalProvider,
  req: IncomingMessage,
  res: ServerResponse,
  uid: string,
  action: InteractionAction,
): Promise<void> {
  const expectedMethod = action === 'show' ? 'GET' : 'POST';
  if (req.method !== expectedMethod) {
    res.writeHead(405, { allow: expectedMethod });
    res.end();
    return;
  }

  let interaction: Interaction;
  try {
    interaction = await site.provider.interactionDetails(req, res);
  } catch {
    return sendHtml(res, 400, renderErrorPage(site.kind, 'This sign-in is no longer open', 'It expired, was finished already, or its cookie is missing.'));
  }
  if (interaction.uid !== uid) {
    return sendHtml(res, 400, renderErrorPage(site.kind, 'This sign-in is no longer open', 'A newer sign-in was started in this browser.'));
  }

  if (action === 'cancel') {
    return site.provider.interactionFinished(
      req,
      res,
      { error: 'access_denied', error_description: 'The person cancelled the sign-in.' },
      { mergeWithLastSubmission: false },
    );
  }

  if (action === 'show') {
    const hint = interaction.params.login_hint;
    const playedError = typeof hint === 'string' ? providerErrorOf(hint) : undefined;
    if (playedError) {
      // Real providers put their own words into error_description; the app must never show them.
      return site.provider.interactionFinished(
        req,
        res,
        { error: playedError, error_description: `<b>Raw provider text</b> for ${playedError}: AADSTS65001 consent` },
        { mergeWithLastSubmission: false },
      );
    }
    if (typeof hint === 'string' && looksLikeEmail(hint.trim())) return signIn(site, req, res, hint);
    return showPicker(site, req, interaction, res);
  }

  const email = (new URLSearchParams(await readBody(req)).get('email') ?? '').trim();
  if (!looksLikeEmail(email)) {
    return showPicker(site, req, interaction, res, { email, error: 'Enter an e-mail address such as name@acme.test.' });
  }
  return signIn(site, req, res, email);
}
