import { sendCannedAnswer } from './canned-answers.ts';
import { findOrganisation, findUser, normaliseEmail } from './directory.ts';
import { headerValue, parseJson, sendErrorCode, sendJson, textField } from './http.ts';
import type { ApiRequest } from './http.ts';
import { ssoLoginAnswers } from './seed.ts';
import { issueAuthToken } from './sessions.ts';

// The login app has already verified the ID token against the provider; here only its claims matter.
function emailFromIdToken(idToken: string | undefined): string | undefined {
  const payload = idToken?.split('.')[1];
  if (!payload) return undefined;
  const claims = parseJson(Buffer.from(payload, 'base64url').toString('utf8'));
  const email = typeof claims === 'object' && claims !== null ? (claims as { email?: unknown }).email : undefined;
  return typeof email === 'string' ? normaliseEmail(email) : undefined;
}

export function ssoLogin({ req, res, body }: ApiRequest): void {
  const email = emailFromIdToken(textField(body, 'token'));
  if (email === undefined) return sendErrorCode(res, 400, 'INVALID_TOKEN');

  const canned = ssoLoginAnswers.get(email);
  if (canned) return sendCannedAnswer(res, canned);
  const user = findUser(email);
  if (!user) return sendErrorCode(res, 404, 'ORG_NOT_FOUND');

  const wantsLongLivedToken = headerValue(req, 'long-lived-token') === 'true' && textField(body, 'platform') === 'cc';
  if (wantsLongLivedToken) {
    return sendJson(res, 200, { token: issueAuthToken(user.email, user.organisations[0] ?? ''), role: user.role });
  }
  sendJson(
    res,
    200,
    user.organisations.map((subDomain) => ({ subDomain, name: findOrganisation(subDomain)?.name, token: issueAuthToken(user.email, subDomain) })),
  );
}
