import { randomBytes } from 'node:crypto';

// The autoAddToken verifyUser gave to an unknown address at an organisation's domain; createUser
// must present it in the add-user-token header.
const autoAddTokens = new Map<string, string>();

export function issueAutoAddToken(email: string): string {
  const token = randomBytes(18).toString('base64url');
  autoAddTokens.set(email, token);
  return token;
}

export function acceptsAutoAddToken(email: string, token: string | undefined): boolean {
  return token !== undefined && autoAddTokens.get(email) === token;
}

export function spendAutoAddToken(email: string): void {
  autoAddTokens.delete(email);
}

export function forgetAutoAddTokens(): void {
  autoAddTokens.clear();
}
