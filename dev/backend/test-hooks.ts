import type { IncomingMessage, ServerResponse } from 'node:http';
import { forgetCalls, listCalls } from './call-log.ts';
import { forgetJoinedUsers } from './directory.ts';
import { faultModes, getFault, isFaultMode, setFault } from './faults.ts';
import { parseJson, readBody, sendErrorCode, sendJson } from './http.ts';
import { forgetLoginLinks } from './login-links.ts';
import { emptyMailbox, recordAppOpening } from './mailbox.ts';
import { forgetSessions } from './sessions.ts';
import { forgetAutoAddTokens } from './sign-ups.ts';

function resetToSeed(): void {
  forgetCalls();
  emptyMailbox();
  forgetLoginLinks();
  forgetSessions();
  forgetAutoAddTokens();
  forgetJoinedUsers();
  setFault('none');
}

export async function handleTestHook(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const route = `${req.method} ${url.pathname}`;
  if (route === 'GET /__dev/calls') return sendJson(res, 200, listCalls());
  if (route === 'POST /__dev/reset') {
    resetToSeed();
    return sendJson(res, 200, {});
  }
  if (route === 'POST /__dev/app-openings') {
    const body = parseJson(await readBody(req));
    const address = typeof body === 'object' && body !== null ? (body as { address?: unknown }).address : undefined;
    if (typeof address !== 'string') return sendErrorCode(res, 400, 'INVALID_ADDRESS');
    recordAppOpening(address);
    return sendJson(res, 200, {});
  }
  if (route === 'GET /__dev/fault') return sendJson(res, 200, { mode: getFault() });
  if (route === 'POST /__dev/fault') {
    const body = parseJson(await readBody(req));
    const mode = typeof body === 'object' && body !== null ? (body as { mode?: unknown }).mode : undefined;
    if (!isFaultMode(mode)) return sendJson(res, 400, { code: 'INVALID_FAULT', modes: faultModes });
    setFault(mode);
    return sendJson(res, 200, { mode });
  }
  sendErrorCode(res, 404, 'NOT_FOUND');
}
