// Everything the development backend knows at start-up. dev/README.md lists the same data for
// people; keep the two in step.

export type Organisation = {
  subDomain: string;
  // The name ssoLogin sends beside the sub-domain; initech has none, so the picker shows its host.
  name?: string;
  emailDomain: string;
  isAtUserLimit: boolean;
};

export type Role = 'ROLE_USER' | 'ROLE_MANAGER' | 'ROLE_MFA_USER';

export type User = {
  email: string;
  userName: string;
  displayName: string;
  // The first organisation is where an e-mail link signs the user in.
  organisations: string[];
  role: Role;
};

// A fixed answer for an address that exists only to provoke one behaviour of the front end.
export type CannedAnswer =
  | { kind: 'error'; status: number; code: string }
  | { kind: 'html'; status: number }
  | { kind: 'json'; status: number; body: unknown }
  | { kind: 'malformed' };

export type VerifyUserAnswer = CannedAnswer | { kind: 'slow-uuid' };

export const organisations: Organisation[] = [
  { subDomain: 'acme', name: 'Acme Corporation', emailDomain: 'acme.test', isAtUserLimit: false },
  { subDomain: 'globex', name: 'Globex', emailDomain: 'globex.test', isAtUserLimit: false },
  { subDomain: 'initech', emailDomain: 'initech.test', isAtUserLimit: false },
  { subDomain: 'full', name: 'Full House Ltd', emailDomain: 'full.test', isAtUserLimit: true },
];

export const users: User[] = [
  { email: 'anna@acme.test', userName: 'Anna', displayName: 'Anna de Vries', organisations: ['acme'], role: 'ROLE_USER' },
  { email: 'bert@globex.test', userName: 'Bert', displayName: 'Bert Bakker', organisations: ['globex'], role: 'ROLE_USER' },
  { email: 'carla@initech.test', userName: 'Carla', displayName: 'Carla Visser', organisations: ['initech'], role: 'ROLE_USER' },
  // On an internationalised domain, müller.de, in the form the backend keeps: ASCII (Punycode).
  { email: 'anna@xn--mller-kva.de', userName: 'Anna', displayName: 'Anna Müller', organisations: ['acme'], role: 'ROLE_USER' },
  {
    email: 'multi@acme.test',
    userName: 'Maxime',
    displayName: 'Maxime Müller',
    organisations: ['acme', 'globex', 'initech'],
    role: 'ROLE_USER',
  },
  { email: 'sso-one@acme.test', userName: 'Sanne', displayName: 'Sanne Oosterhuis', organisations: ['acme'], role: 'ROLE_USER' },
  {
    email: 'sso-many@acme.test',
    userName: 'Sander',
    displayName: 'Sander Meijer',
    organisations: ['acme', 'globex', 'initech'],
    role: 'ROLE_USER',
  },
  { email: 'sso-manager@acme.test', userName: 'Mira', displayName: 'Mira Manager', organisations: ['acme'], role: 'ROLE_MANAGER' },
  { email: 'sso-mfa@acme.test', userName: 'Femke', displayName: 'Femke de Groot', organisations: ['acme'], role: 'ROLE_MFA_USER' },
];

export const verifyUserAnswers = new Map<string, VerifyUserAnswer>([
  ['invalid-email@errors.test', { kind: 'error', status: 400, code: 'INVALID_EMAIL' }],
  ['not-found@errors.test', { kind: 'error', status: 404, code: 'NOT_FOUND' }],
  ['totp@errors.test', { kind: 'error', status: 400, code: 'NOT_SUPPORTED' }],
  ['rate-limited@errors.test', { kind: 'error', status: 429, code: 'SUSPICIOUS_ACTIVITY' }],
  ['trial-expired@errors.test', { kind: 'error', status: 403, code: 'DEMO_EXPIRED' }],
  ['unknown-code@errors.test', { kind: 'error', status: 400, code: 'SOMETHING_NEW' }],
  ['server-error@errors.test', { kind: 'html', status: 500 }],
  ['wrong-shape@errors.test', { kind: 'json', status: 200, body: { hello: 'world' } }],
  ['slow@errors.test', { kind: 'slow-uuid' }],
]);

export const ssoLoginAnswers = new Map<string, CannedAnswer>([
  ['sso-org-not-found@errors.test', { kind: 'error', status: 404, code: 'ORG_NOT_FOUND' }],
  ['sso-no-admin@errors.test', { kind: 'error', status: 403, code: 'NO_ADMIN_ACCESS' }],
  ['sso-demo-expired@errors.test', { kind: 'error', status: 403, code: 'DEMO_EXPIRED' }],
  ['sso-mfa-not-confirmed@errors.test', { kind: 'error', status: 403, code: 'MFA_ENABLED_NOT_CONFIRMED' }],
  ['sso-totp@errors.test', { kind: 'error', status: 400, code: 'TOTP_ENABLED_SO_NOT_SUPPORTED' }],
  ['sso-unknown-code@errors.test', { kind: 'error', status: 400, code: 'SOMETHING_NEW' }],
]);

// Device ids (the loginUUID cookie) the backend already trusts, by the user they belong to.
export const knownDevices = new Map<string, string>([
  ['11111111-1111-4111-8111-111111111111', 'anna@acme.test'],
  ['22222222-2222-4222-8222-222222222222', 'bert@globex.test'],
]);

// Caller addresses (first X-Forwarded-For entry) inside an organisation's office network.
export const officeNetworks = new Map<string, string>([
  ['203.0.113.7', 'globex'],
  ['198.51.100.23', 'initech'],
  ['198.51.100.66', 'acme'],
  // A client on the loopback, as nginx sees it in the end-to-end tests (tests/e2e/arrival.spec.ts).
  ['127.0.0.203', 'globex'],
]);

// An office network whose tray URL, as registered, has a path that leaves the domain if copied.
export const trayPathOfNetwork = new Map<string, string>([['198.51.100.66', '//evil.example/']]);

// Auth tokens valid from the start, so users/me can be tried without signing in first.
export const seededAuthTokens = new Map<string, { email: string; subDomain: string }>([
  ['dev-token-anna', { email: 'anna@acme.test', subDomain: 'acme' }],
]);

// The `token` query value of a booking e-mail link (reservations/userAction).
export const bookingTokens = new Map<string, 'valid' | 'expired'>([
  ['extend-ok', 'valid'],
  ['cancel-ok', 'valid'],
  ['expired', 'expired'],
]);

// The `inviteToken` field of an invite link, by the organisation that sent the invitation.
export const inviteTokens = new Map<string, string>([
  ['invite-ok', 'acme'],
  ['invite-full', 'full'],
]);
