// The links a person would otherwise assemble by hand from docs/product.md: one for each booking
// action and each invitation case, built from the seed (seed.ts) so that their tokens are the
// backend's own, and the sample app's single sign-on starts. The mailbox lists them (dev/README.md).
import { createHash } from 'node:crypto';
import { providers } from '../../lib/vocabulary/providers.ts';
import { bookingTokens, inviteTokens, organisations } from './seed.ts';

/** The sample app of `npm run dev`: the redirect_uri it admits (SSO_REDIRECT_ALLOWLIST) and the PKCE verifier of its ready links. */
export const SAMPLE_APP_REDIRECT_URI = 'deskbooking://sso';
export const SAMPLE_APP_CODE_VERIFIER = 'npm-run-dev-sample-app-code-verifier-0000000000';

export type ReadyLink = {
  flow: 'booking' | 'invitation' | 'app sign-in';
  label: string;
  path: string;
  /** What the person does on the page before the outcome shows, if anything. */
  step?: 'confirm the cancellation' | 'join with a name' | 'choose an account at the identity provider';
  /** What the person then sees (messages/en.json). */
  outcome: string;
};

const BOOKING_OUTCOMES = {
  retain: { valid: 'Booking extended. Your desk stays yours.', expired: 'This link has expired.', unknown: 'This link is not valid.' },
  cancel: { valid: 'Booking cancelled', expired: 'This link has expired.', unknown: 'This link is not valid.' },
} as const;

/** A token no seed has: the backend answers 404, as for a link it never sent. */
export const UNKNOWN_TOKEN = 'not-a-seeded-token';

function firstToken<T>(tokens: Map<string, T>, wanted: (value: T) => boolean): string {
  const found = [...tokens].find(([, value]) => wanted(value));
  if (!found) throw new Error('the seed has no such token');
  return found[0];
}

function bookingLinks(): ReadyLink[] {
  const valid = [...bookingTokens].filter(([, state]) => state === 'valid').map(([token]) => token);
  return (['retain', 'cancel'] as const).flatMap((action, index) => {
    // Each action its own valid token where the seed has several (extend-ok, cancel-ok).
    const tokens = { valid: valid[index % valid.length]!, expired: firstToken(bookingTokens, (state) => state === 'expired'), unknown: UNKNOWN_TOKEN };
    return (['valid', 'expired', 'unknown'] as const).map((state) => ({
      flow: 'booking' as const,
      label: `${action === 'retain' ? 'Extend' : 'Cancel'} a booking: ${state === 'valid' ? 'a valid link' : state === 'expired' ? 'an expired link' : 'a link the backend does not know'}`,
      path: `/login/bookings-extend?userAction=${action}&token=${encodeURIComponent(tokens[state])}`,
      ...(action === 'cancel' ? { step: 'confirm the cancellation' as const } : {}),
      outcome: BOOKING_OUTCOMES[action][state],
    }));
  });
}

function invitationPath(email: string, inviteToken?: string): string {
  const query = new URLSearchParams({ email, ...(inviteToken === undefined ? {} : { inviteToken }) });
  return `/login/invite-user?${query}`;
}

function invitationLinks(): ReadyLink[] {
  const join = 'join with a name' as const;
  const fromSeed = [...inviteTokens].map(([token, subDomain]): ReadyLink => {
    const full = organisations.find((organisation) => organisation.subDomain === subDomain)?.isAtUserLimit;
    return {
      flow: 'invitation',
      label: `An invitation to ${subDomain}${full ? ', which is at its user limit' : ''}`,
      path: invitationPath(`invited-with-${token}@${subDomain}.test`, token),
      step: join,
      outcome: full ? 'Your organisation is full' : 'Check your inbox',
    };
  });
  return [
    ...fromSeed,
    { flow: 'invitation', label: 'An invitation the backend no longer accepts', path: invitationPath('invited-with-an-unknown-token@acme.test', UNKNOWN_TOKEN), step: join, outcome: 'This invitation is no longer valid. Ask your administrator for a new one.' },
    { flow: 'invitation', label: 'An invitation without a token (the address\'s organisation invited it)', path: invitationPath('invited-without-a-token@acme.test'), step: join, outcome: 'Check your inbox' },
    { flow: 'invitation', label: 'An invitation link without an address', path: '/login/invite-user?inviteToken=' + encodeURIComponent(firstToken(inviteTokens, () => true)), outcome: 'This invitation link is incomplete' },
  ];
}

/** base64url SHA-256 of the verifier: the S256 code_challenge (RFC 7636). */
export function codeChallengeOf(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

function appSignInLinks(): ReadyLink[] {
  const query = new URLSearchParams({ redirect_uri: SAMPLE_APP_REDIRECT_URI, code_challenge: codeChallengeOf(SAMPLE_APP_CODE_VERIFIER), code_challenge_method: 'S256' });
  return providers.map((provider) => ({
    flow: 'app sign-in',
    label: `The sample app signs in with ${provider.name} (redirect_uri ${SAMPLE_APP_REDIRECT_URI})`,
    path: `/login/start-${provider.routeSegment}?${query}`,
    step: 'choose an account at the identity provider',
    outcome: 'Open the Desk Booking app as …?',
  }));
}

/** Every ready link, in the order the mailbox lists them. */
export function readyLinks(): ReadyLink[] {
  return [...bookingLinks(), ...invitationLinks(), ...appSignInLinks()];
}
