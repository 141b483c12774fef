import type { ServerResponse } from 'node:http';
import { sendErrorCode, sendHtml, sendJson, sendRaw } from './http.ts';
import type { CannedAnswer } from './seed.ts';

// What a crashing backend behind a proxy typically returns: HTML, not the JSON error convention.
const serverErrorPage = '<!doctype html><html><head><title>500 Internal Server Error</title></head><body><h1>Internal Server Error</h1></body></html>';

export function sendCannedAnswer(res: ServerResponse, answer: CannedAnswer): void {
  switch (answer.kind) {
    case 'error':
      return sendErrorCode(res, answer.status, answer.code);
    case 'html':
      return sendHtml(res, answer.status, serverErrorPage);
    case 'json':
      return sendJson(res, answer.status, answer.body);
    case 'malformed':
      return sendRaw(res, 200, 'application/json; charset=utf-8', '{"uuid": "cut off mid-');
  }
}
