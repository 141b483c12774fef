import { addJoinedUser, findOrganisation, findOrganisationForEmail, findUser, isAcceptableDisplayName, looksLikeEmail } from './directory.ts';
import { sendErrorCode, sendJson, textField } from './http.ts';
import type { ApiRequest } from './http.ts';
import { inviteTokens } from './seed.ts';

export function addUser({ res, body }: ApiRequest): void {
  const email = textField(body, 'email');
  const inviteToken = textField(body, 'inviteToken');
  // A link without a token (the specification names only "email, language, etc."): the address's organisation invited it.
  const subDomain = inviteToken === undefined ? (email && findOrganisationForEmail(email)?.subDomain) : inviteTokens.get(inviteToken);
  const organisation = subDomain ? findOrganisation(subDomain) : undefined;
  if (!organisation) return sendErrorCode(res, 400, 'INVALID_INVITE');
  if (organisation.isAtUserLimit) return sendErrorCode(res, 403, 'USER_COUNT_EXCEEDED');
  const name = textField(body, 'name') ?? '';
  if (!isAcceptableDisplayName(name)) return sendErrorCode(res, 400, 'INVALID_NAME');

  // The invited person can then sign in with an e-mail link like anyone else.
  if (email !== undefined && looksLikeEmail(email) && !findUser(email)) addJoinedUser(email, name, organisation.subDomain);
  sendJson(res, 200, {});
}
