import { randomBytes } from 'node:crypto';
import { seededAuthTokens } from './seed.ts';

type Session = { email: string; subDomain: string };

// Every token this backend handed out (isValidId, ssoLogin, isValidDeviceId); users/me accepts them.
const sessions = new Map<string, Session>(seededAuthTokens);

export function issueAuthToken(email: string, subDomain: string): string {
  const token = randomBytes(24).toString('base64url');
  sessions.set(token, { email, subDomain });
  return token;
}

export function findSession(token: string): Session | undefined {
  return sessions.get(token);
}

export function forgetSessions(): void {
  sessions.clear();
  for (const [token, session] of seededAuthTokens) sessions.set(token, session);
}
