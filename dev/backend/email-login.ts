import { randomUUID } from 'node:crypto';
import { backendConfig } from './config.ts';
import { sendCannedAnswer } from './canned-answers.ts';
import {
  addJoinedUser,
  findOrganisation,
  findOrganisationForEmail,
  findUser,
  isAcceptableDisplayName,
  looksLikeEmail,
  normaliseEmail,
} from './directory.ts';
import { slowAnswerMs } from './faults.ts';
import { headerValue, sendErrorCode, sendJson, textField, waitUnlessClosed } from './http.ts';
import type { ApiRequest } from './http.ts';
import { confirmLoginLink, createLoginLink, findSignedInLink } from './login-links.ts';
import { sendMail } from './mailbox.ts';
import { knownDevices, verifyUserAnswers } from './seed.ts';
import type { User } from './seed.ts';
import { acceptsAutoAddToken, issueAutoAddToken, spendAutoAddToken } from './sign-ups.ts';

function mailLoginLink(user: User): string {
  const organisation = findOrganisation(user.organisations[0] ?? '');
  if (!organisation) throw new Error(`seed: user without a known organisation`);
  const { uuid, url } = createLoginLink(user, organisation, backendConfig.linkOrigin);
  sendMail(user.email, `Your sign-in link for ${organisation.name ?? organisation.subDomain}`, url);
  return uuid;
}

function decodeEmail(segment: string | undefined): string | undefined {
  try {
    return normaliseEmail(decodeURIComponent(segment ?? ''));
  } catch {
    return undefined;
  }
}

export async function verifyUser({ res, params }: ApiRequest): Promise<void> {
  const email = decodeEmail(params[0]);
  if (email === undefined) return sendErrorCode(res, 400, 'INVALID_EMAIL');

  const canned = verifyUserAnswers.get(email);
  if (canned?.kind === 'slow-uuid') {
    if (await waitUnlessClosed(res, slowAnswerMs)) sendJson(res, 200, { uuid: randomUUID() });
    return;
  }
  if (canned) return sendCannedAnswer(res, canned);

  if (!looksLikeEmail(email)) return sendErrorCode(res, 400, 'INVALID_EMAIL');
  const user = findUser(email);
  // The link goes to the address asked for, which may be a sub-address of the seeded one.
  if (user) return sendJson(res, 200, { uuid: mailLoginLink({ ...user, email }) });
  if (findOrganisationForEmail(email)) return sendJson(res, 200, { autoAddToken: issueAutoAddToken(email) });
  sendErrorCode(res, 404, 'NOT_FOUND');
}

export function isValidLink({ res, url }: ApiRequest): void {
  const query = (key: string): string => url.searchParams.get(key) ?? '';
  const valid = confirmLoginLink({
    email: query('email'),
    uuid: query('uuid'),
    signature: query('signature'),
    timestamp: query('timestamp'),
  });
  sendJson(res, 200, valid);
}

export function isValidId({ res, params, url }: ApiRequest): void {
  const signedIn = findSignedInLink(params[0] ?? '');
  if (!signedIn) return sendErrorCode(res, 404, 'NOT_FOUND');
  // A device answered a sign-in is known from then on (isValidDeviceId), even one that only polled:
  // the weakest a real backend may do (SECURITY.md), so the tests show the app's binding holds even so.
  const deviceId = url.searchParams.get('deviceId');
  if (deviceId) knownDevices.set(deviceId, signedIn.email);
  sendJson(res, 200, { subDomain: signedIn.subDomain, authToken: signedIn.authToken });
}

export function createUser({ req, res, body }: ApiRequest): void {
  const email = normaliseEmail(textField(body, 'email') ?? '');
  const displayName = textField(body, 'displayName') ?? '';
  if (!acceptsAutoAddToken(email, headerValue(req, 'add-user-token'))) return sendErrorCode(res, 401, 'INVALID_TOKEN');
  if (!isAcceptableDisplayName(displayName)) return sendErrorCode(res, 400, 'INVALID_NAME');
  const organisation = findOrganisationForEmail(email);
  if (!organisation) return sendErrorCode(res, 404, 'NOT_FOUND');
  if (organisation.isAtUserLimit) return sendErrorCode(res, 403, 'USER_COUNT_EXCEEDED');

  spendAutoAddToken(email);
  const user = addJoinedUser(email, displayName, organisation.subDomain);
  sendJson(res, 200, { uuid: mailLoginLink(user) });
}
