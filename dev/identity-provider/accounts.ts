// Who can sign in at the local identity provider: the development backend's seeded users (so
// the list stays in step with dev/backend/seed.ts) and the addresses that provoke an ssoLogin
// error. Any other address typed in is accepted as well; the backend decides what it means.
import { createHash } from 'node:crypto';
import { ssoLoginAnswers, users } from '../backend/seed.ts';
import { localTenantId } from './settings.ts';
import type { SiteKind } from './settings.ts';

export type SeededAccount = { email: string; name: string; note: string };

const acronyms = new Set(['mfa', 'totp']);

// "sso-org-not-found@errors.test" → "Org Not Found"; "jan.de.vries@x.test" → "Jan De Vries".
function nameFromEmail(email: string): string {
  const words = (email.split('@')[0] ?? email).split(/[._+-]+/).filter((word) => word.length > 0 && word !== 'sso');
  const shown = words.map((word) => (acronyms.has(word) ? word.toUpperCase() : word[0]!.toUpperCase() + word.slice(1)));
  return shown.join(' ') || email;
}

function noteForUser(organisations: string[], role: string): string {
  const where = `${organisations.length > 1 ? 'organisations' : 'organisation'} ${organisations.join(', ')}`;
  return role === 'ROLE_USER' ? where : `${where}, ${role}`;
}

// The SSO-only users first: they are what a person trying single sign-on is after.
export const seededUsers: SeededAccount[] = [...users]
  .sort((a, b) => Number(b.email.startsWith('sso-')) - Number(a.email.startsWith('sso-')))
  .map((user) => ({ email: user.email, name: user.displayName, note: noteForUser(user.organisations, user.role) }));

export const seededErrorAccounts: SeededAccount[] = [...ssoLoginAnswers].map(([email, answer]) => ({
  email,
  name: nameFromEmail(email),
  note: answer.kind === 'error' ? `ssoLogin answers ${answer.status} ${answer.code}` : `ssoLogin answers ${answer.kind}`,
}));

export function displayNameFor(email: string): string {
  return [...seededUsers, ...seededErrorAccounts].find((account) => account.email === email)?.name ?? nameFromEmail(email);
}

function digest(label: string, email: string): Buffer {
  return createHash('sha256').update(`${label}:${email}`).digest();
}

// Stable per address, so the backend sees the same subject after every restart. Google's `sub`
// is a decimal number; Entra's is an opaque string per application, and `oid` a GUID.
function googleSubject(email: string): string {
  return `1${(digest('google-sub', email).readBigUInt64BE() % 10n ** 20n).toString().padStart(20, '0')}`;
}

function microsoftObjectId(email: string): string {
  const hex = digest('microsoft-oid', email).subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function subjectFor(kind: SiteKind, email: string): string {
  return kind === 'google' ? googleSubject(email) : digest(`${kind}-sub`, email).toString('base64url');
}

// oidc-provider uses the account id as `sub`; this maps it back to the address signed in with.
const emailsBySubject: Record<SiteKind, Map<string, string>> = { google: new Map(), microsoft: new Map(), keycloak: new Map(), generic: new Map() };

export function accountIdFor(kind: SiteKind, email: string): string {
  const subject = subjectFor(kind, email);
  emailsBySubject[kind].set(subject, email);
  return subject;
}

export function emailForAccountId(kind: SiteKind, accountId: string): string | undefined {
  return emailsBySubject[kind].get(accountId);
}

/**
 * How the provider vouches for an address, by its prefix: `unverified…@` says no (`false`),
 * `undeclared…@` leaves the claim out, `stringly…@` writes it as the string "true", `nulled…@`
 * as null; any other address is vouched for with `true`. The claim is Google's and the generic
 * providers' `email_verified`, Entra's `xms_edov`.
 */
function vouchingFor(email: string): { claim: boolean | string | null } | undefined {
  if (/^unverified/i.test(email)) return { claim: false };
  if (/^undeclared/i.test(email)) return undefined;
  if (/^stringly/i.test(email)) return { claim: 'true' };
  if (/^nulled/i.test(email)) return { claim: null };
  return { claim: true };
}

const consumerGoogleDomains = new Set(['gmail.com', 'googlemail.com']);

// The claims an account can hand out; oidc-provider keeps those of the granted scopes.
export function claimsFor(kind: SiteKind, email: string): Record<string, unknown> {
  const vouching = vouchingFor(email);
  const emailVerified = vouching ? { email_verified: vouching.claim } : {};
  const name = displayNameFor(email);
  const domain = email.split('@')[1] ?? '';
  switch (kind) {
    case 'google':
      // Workspace accounts carry their domain in `hd`; consumer accounts none.
      return { email, ...emailVerified, name, ...(consumerGoogleDomains.has(domain) ? {} : { hd: domain }) };
    case 'microsoft':
      // Entra has no email_verified: the optional claim xms_edov says the tenant owns the domain.
      return {
        email,
        name,
        preferred_username: email,
        tid: localTenantId,
        oid: microsoftObjectId(email),
        ...(vouching ? { xms_edov: vouching.claim } : {}),
      };
    case 'keycloak':
    case 'generic':
      return { email, ...emailVerified, name, preferred_username: email };
  }
}
