import type { IncomingMessage } from 'node:http';
import { backendConfig } from './config.ts';
import { findOrganisation, findUser } from './directory.ts';
import { headerValue, sendErrorCode, sendJson } from './http.ts';
import type { ApiRequest } from './http.ts';
import { knownDevices, officeNetworks, trayPathOfNetwork } from './seed.ts';
import { findSession, issueAuthToken } from './sessions.ts';

export function isValidDeviceId({ req, res }: ApiRequest): void {
  const email = knownDevices.get(headerValue(req, 'deviceid') ?? '');
  const user = email === undefined ? undefined : findUser(email);
  const subDomain = user?.organisations[0];
  if (!user || subDomain === undefined) return sendErrorCode(res, 404, 'NOT_FOUND');
  sendJson(res, 200, { subDomain, accessToken: issueAuthToken(user.email, subDomain) });
}

// The login app calls from its server, so it passes the visitor's address on as the one entry of
// X-Forwarded-For (the address its trusted proxy saw); without one, the caller itself.
function callerAddress(req: IncomingMessage): string {
  const forwarded = headerValue(req, 'x-forwarded-for')?.split(',')[0]?.trim();
  return forwarded || (req.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
}

export function organisationsOfCaller({ req, res }: ApiRequest): void {
  const subDomain = officeNetworks.get(callerAddress(req));
  const organisation = subDomain === undefined ? undefined : findOrganisation(subDomain);
  if (!organisation) return sendJson(res, 200, []);
  sendJson(res, 200, [
    {
      subDomain: organisation.subDomain,
      name: organisation.name,
      trayConfigUrl: `https://${organisation.subDomain}.${backendConfig.appDomain}${trayPathOfNetwork.get(callerAddress(req)) ?? '/tray/config'}`,
    },
  ]);
}

export function currentUser({ req, res }: ApiRequest): void {
  const token = /^Bearer\s+(.+)$/i.exec(headerValue(req, 'authorization') ?? '')?.[1]?.trim();
  const session = token === undefined ? undefined : findSession(token);
  const user = session === undefined ? undefined : findUser(session.email);
  if (!user) return sendErrorCode(res, 401, 'UNAUTHORIZED');
  sendJson(res, 200, { email: user.email, displayName: user.displayName });
}
