import { organisations, users } from './seed.ts';
import type { Organisation, User } from './seed.ts';

// People who signed up or accepted an invitation since start-up (or the last reset).
const joinedUsers = new Map<string, User>();

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function looksLikeEmail(email: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email);
}

/**
 * `anna+anything@acme.test` is Anna too (sub-addressing), with mail to that very address: tests
 * that run in parallel each get a mailbox of their own.
 */
function withoutSubAddress(email: string): string {
  return email.replace(/\+[^@]*@/, '@');
}

export function findUser(email: string): User | undefined {
  const wanted = normaliseEmail(email);
  return joinedUsers.get(wanted) ?? users.find((user) => user.email === withoutSubAddress(wanted));
}

export function findOrganisation(subDomain: string): Organisation | undefined {
  return organisations.find((organisation) => organisation.subDomain === subDomain);
}

export function findOrganisationForEmail(email: string): Organisation | undefined {
  const domain = normaliseEmail(email).split('@')[1];
  return organisations.find((organisation) => organisation.emailDomain === domain);
}

export function addJoinedUser(email: string, displayName: string, subDomain: string): User {
  const user: User = {
    email: normaliseEmail(email),
    userName: displayName.trim().split(/\s+/)[0] ?? displayName,
    displayName: displayName.trim(),
    organisations: [subDomain],
    role: 'ROLE_USER',
  };
  joinedUsers.set(user.email, user);
  return user;
}

export function forgetJoinedUsers(): void {
  joinedUsers.clear();
}

const displayNameMaxLength = 255;

// "reject" lets the front end's "name marked as wrong" path be reached on purpose.
export function isAcceptableDisplayName(name: string): boolean {
  const trimmed = name.trim();
  return trimmed.length > 0 && trimmed.length <= displayNameMaxLength && !/\breject\b/i.test(trimmed);
}
