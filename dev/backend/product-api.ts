import type { IncomingMessage, ServerResponse } from 'node:http';
import { currentUser, isValidDeviceId, organisationsOfCaller } from './auto-login.ts';
import { recordCall } from './call-log.ts';
import { createUser, isValidId, isValidLink, verifyUser } from './email-login.ts';
import { answerWithFault } from './faults.ts';
import { parseJson, readBody, sendErrorCode } from './http.ts';
import type { ApiRequest } from './http.ts';
import { addUser } from './invitations.ts';
import { userAction } from './reservations.ts';
import { ssoLogin } from './sso-login.ts';

type ApiRoute = {
  method: 'GET' | 'POST';
  // Shown in the request log instead of the real path, which may hold an e-mail or a uuid.
  template: string;
  pattern: RegExp;
  answer: (request: ApiRequest) => void | Promise<void>;
};

const auth = '/api/v1/flw/auth';

const routes: ApiRoute[] = [
  { method: 'GET', template: `${auth}/isValidLink`, pattern: /^\/api\/v1\/flw\/auth\/isValidLink\/?$/, answer: isValidLink },
  { method: 'GET', template: `${auth}/isValidDeviceId`, pattern: /^\/api\/v1\/flw\/auth\/isValidDeviceId\/?$/, answer: isValidDeviceId },
  { method: 'POST', template: `${auth}/createUser`, pattern: /^\/api\/v1\/flw\/auth\/createUser\/?$/, answer: createUser },
  { method: 'POST', template: `${auth}/addUser`, pattern: /^\/api\/v1\/flw\/auth\/addUser\/?$/, answer: addUser },
  { method: 'POST', template: `${auth}/ssoLogin`, pattern: /^\/api\/v1\/flw\/auth\/ssoLogin\/?$/, answer: ssoLogin },
  { method: 'GET', template: `${auth}/{email}/verifyUser`, pattern: /^\/api\/v1\/flw\/auth\/([^/]+)\/verifyUser\/?$/, answer: verifyUser },
  { method: 'GET', template: `${auth}/{uuid}/isValidId/`, pattern: /^\/api\/v1\/flw\/auth\/([^/]+)\/isValidId\/?$/, answer: isValidId },
  { method: 'GET', template: '/api/v1/flw/orgs/me', pattern: /^\/api\/v1\/flw\/orgs\/me\/?$/, answer: organisationsOfCaller },
  { method: 'GET', template: '/api/v1/flw/users/me', pattern: /^\/api\/v1\/flw\/users\/me\/?$/, answer: currentUser },
  {
    method: 'GET',
    template: '/api/v1/flw/reservations/userAction',
    pattern: /^\/api\/v1\/flw\/reservations\/userAction\/?$/,
    answer: userAction,
  },
];

function findRoute(path: string): { route: ApiRoute; params: string[] } | undefined {
  for (const route of routes) {
    const match = route.pattern.exec(path);
    if (match) return { route, params: match.slice(1) };
  }
  return undefined;
}

export function apiPathForLog(path: string): string | undefined {
  return findRoute(path)?.route.template;
}

export async function handleProductApi(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const body = req.method === 'POST' ? parseJson(await readBody(req)) : undefined;
  recordCall(req, url, body);
  if (await answerWithFault(req, res)) return;

  const found = findRoute(url.pathname);
  if (!found) return sendErrorCode(res, 404, 'NOT_FOUND');
  if (found.route.method !== req.method) return sendErrorCode(res, 405, 'METHOD_NOT_ALLOWED');
  await found.route.answer({ req, res, url, params: found.params, body });
}
