import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { issueAuthToken } from './sessions.ts';
import type { Organisation, User } from './seed.ts';

const linkLifetimeMs = 15 * 60 * 1000;

// New on every start, so links from an earlier run are simply invalid.
const signingKey = randomBytes(32);

type LoginLink = {
  uuid: string;
  email: string;
  subDomain: string;
  sentAt: number;
  authToken: string | undefined;
};

const links = new Map<string, LoginLink>();

function sign(uuid: string, email: string, timestamp: string): string {
  return createHmac('sha256', signingKey).update(`${uuid}|${email}|${timestamp}`).digest('hex');
}

function isFresh(sentAt: number): boolean {
  const age = Date.now() - sentAt;
  return age >= 0 && age < linkLifetimeMs;
}

export function createLoginLink(user: User, organisation: Organisation, linkOrigin: string): { uuid: string; url: string } {
  const uuid = randomUUID();
  const sentAt = Date.now();
  const timestamp = String(sentAt);
  links.set(uuid, { uuid, email: user.email, subDomain: organisation.subDomain, sentAt, authToken: undefined });

  const url = new URL('/login/validatelink', linkOrigin);
  url.search = new URLSearchParams({
    email: user.email,
    uuid,
    signature: sign(uuid, user.email, timestamp),
    timestamp,
    domain: organisation.subDomain,
    userName: user.userName,
    displayName: user.displayName,
  }).toString();
  return { uuid, url: url.toString() };
}

export type LinkCheck = { email: string; uuid: string; signature: string; timestamp: string };

// A good link confirms its uuid: the polling isValidId then signs the person in. Like the real
// backend must (SECURITY.md), it does so once: a used link is no longer valid.
export function confirmLoginLink(check: LinkCheck): boolean {
  const sentAt = Number(check.timestamp);
  if (!Number.isFinite(sentAt) || !isFresh(sentAt)) return false;
  const expected = Buffer.from(sign(check.uuid, check.email, check.timestamp));
  const given = Buffer.from(check.signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;

  const link = links.get(check.uuid);
  if (!link || link.authToken !== undefined) return false;
  link.authToken = issueAuthToken(link.email, link.subDomain);
  return true;
}

export function findSignedInLink(uuid: string): { email: string; subDomain: string; authToken: string } | undefined {
  const link = links.get(uuid);
  if (!link || link.authToken === undefined || !isFresh(link.sentAt)) return undefined;
  return { email: link.email, subDomain: link.subDomain, authToken: link.authToken };
}

export function forgetLoginLinks(): void {
  links.clear();
}
