import { addJoinedUser, findOrganisation, findUser, isAcceptableDisplayName, looksLikeEmail } from './directory.ts';
import { sendErrorCode, sendJson, textField } from './http.ts';
import type { ApiRequest } from './http.ts';
import { inviteTokens } from './seed.ts';

export function addUser({ res, body }: ApiRequest): void {
  const subDomain = inviteTokens.get(textField(body, 'inviteToken') ?? '');
  const organisation = subDomain === undefined ? undefined : findOrganisation(subDomain);
  if (!organisation) return sendErrorCode(res, 400, 'INVALID_INVITE');
  if (organisation.isAtUserLimit) return sendErrorCode(res, 403, 'USER_COUNT_EXCEEDED');
  const name = textField(body, 'name') ?? '';
  if (!isAcceptableDisplayName(name)) return sendErrorCode(res, 400, 'INVALID_NAME');

  // The invited person can then sign in with an e-mail link like anyone else.
  const email = textField(body, 'email');
  if (email !== undefined && looksLikeEmail(email) && !findUser(email)) addJoinedUser(email, name, organisation.subDomain);
  sendJson(res, 200, {});
}
