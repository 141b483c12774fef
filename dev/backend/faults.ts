import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendCannedAnswer } from './canned-answers.ts';
import { waitUnlessClosed } from './http.ts';

export const faultModes = ['none', 'down', 'slow', 'error500', 'malformed', 'wrong-shape'] as const;
export type FaultMode = (typeof faultModes)[number];

// Longer than any sensible client timeout, so "slow" reads as "no answer".
export const slowAnswerMs = 15_000;

let currentFault: FaultMode = 'none';

export function isFaultMode(value: unknown): value is FaultMode {
  return typeof value === 'string' && (faultModes as readonly string[]).includes(value);
}

export function setFault(mode: FaultMode): void {
  currentFault = mode;
}

export function getFault(): FaultMode {
  return currentFault;
}

// Answers for the fault and returns true, or returns false when the API should answer normally.
export async function answerWithFault(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  switch (currentFault) {
    case 'none':
      return false;
    case 'down':
      req.socket.destroy();
      return true;
    case 'slow':
      return !(await waitUnlessClosed(res, slowAnswerMs));
    case 'error500':
      sendCannedAnswer(res, { kind: 'html', status: 500 });
      return true;
    case 'malformed':
      sendCannedAnswer(res, { kind: 'malformed' });
      return true;
    case 'wrong-shape':
      sendCannedAnswer(res, { kind: 'json', status: 200, body: { hello: 'world' } });
      return true;
  }
}
