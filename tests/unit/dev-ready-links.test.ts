/**
 * @jest-environment node
 */
import type { ServerResponse } from 'node:http';
import type { ApiRequest } from '@/dev/backend/http';
import { addUser } from '@/dev/backend/invitations';
import { renderReadyLinks } from '@/dev/backend/mailbox';
import { codeChallengeOf, readyLinks, SAMPLE_APP_CODE_VERIFIER, SAMPLE_APP_REDIRECT_URI, UNKNOWN_TOKEN } from '@/dev/backend/ready-links';
import { userAction } from '@/dev/backend/reservations';
import { bookingTokens, inviteTokens } from '@/dev/backend/seed';

/**
 * The mailbox's "Links to try" (issue 43, item 2): every booking action and invitation case one
 * click away in development, built from the seed so that the development backend answers each as
 * the link says the person will see.
 */

/** What the development backend answers a call, through its own handler. */
function answer(handler: (request: ApiRequest) => void, url: URL, body: unknown = undefined): number {
  let status = 0;
  const res = { writeHead: (code: number) => ((status = code), res), end: () => res } as unknown as ServerResponse;
  handler({ req: {} as ApiRequest['req'], res, url, params: [], body });
  return status;
}

const links = readyLinks();
const ofFlow = (flow: string) => links.filter((link) => link.flow === flow);
const queryOf = (path: string) => new URL(path, 'http://web.desk.localhost').searchParams;

describe('the ready links of the development mailbox', () => {
  it('cover each booking action with a valid, an expired and an unknown token, and every token of the seed', () => {
    const bookings = ofFlow('booking').map((link) => queryOf(link.path));
    expect(new Set(bookings.map((query) => query.get('userAction')))).toEqual(new Set(['retain', 'cancel']));
    expect(bookings).toHaveLength(6);
    const used = new Set(bookings.map((query) => query.get('token')));
    expect([...bookingTokens.keys()].filter((token) => !used.has(token))).toEqual([]);
    // The control: the unknown token is indeed unknown to the seed.
    expect(bookingTokens.has(UNKNOWN_TOKEN)).toBe(false);
    expect(used.has(UNKNOWN_TOKEN)).toBe(true);
  });

  it.each(readyLinks().filter((link) => link.flow === 'booking').map((link) => [link.label, link.path, link.outcome]))(
    '%s: the backend answers as the link says (%s → "%s")',
    (_label, path, outcome) => {
      const status = answer(userAction, new URL(`http://backend/api/v1/reservations/userAction?${queryOf(path)}`));
      expect(status).toBe(outcome === 'This link is not valid.' ? 404 : outcome === 'This link has expired.' ? 410 : 200);
    },
  );

  it('cover every invitation token of the seed, one no longer accepted, one without a token and one without an address', () => {
    const invitations = ofFlow('invitation').map((link) => queryOf(link.path));
    const tokens = invitations.map((query) => query.get('inviteToken'));
    expect([...inviteTokens.keys()].filter((token) => !tokens.includes(token))).toEqual([]);
    expect(tokens).toContain(UNKNOWN_TOKEN);
    expect(invitations.some((query) => !query.has('inviteToken') && query.has('email'))).toBe(true);
    expect(invitations.some((query) => !query.has('email'))).toBe(true);
  });

  it.each(readyLinks().filter((link) => link.flow === 'invitation' && link.step).map((link) => [link.label, link.outcome, link.path]))(
    '%s: the backend answers as the link says (→ "%s")',
    (_label, outcome, path) => {
      const query = queryOf(path);
      const body = { email: query.get('email'), name: 'Dev Tester', ...(query.has('inviteToken') ? { inviteToken: query.get('inviteToken') } : {}) };
      const status = answer(addUser, new URL('http://backend/api/v1/addUser'), body);
      expect(status).toBe(outcome === 'Check your inbox' ? 200 : outcome === 'Your organisation is full' ? 403 : 400);
    },
  );

  it('let the sample app start a sign-in with its redirect_uri and an S256 challenge of its verifier', () => {
    const starts = ofFlow('app sign-in');
    expect(starts.map((link) => new URL(link.path, 'http://x').pathname)).toEqual(['/login/start-google', '/login/start-microsoft']);
    for (const start of starts) {
      const query = queryOf(start.path);
      expect(query.get('redirect_uri')).toBe(SAMPLE_APP_REDIRECT_URI);
      expect(query.get('code_challenge_method')).toBe('S256');
      expect(query.get('code_challenge')).toBe(codeChallengeOf(SAMPLE_APP_CODE_VERIFIER));
      expect(query.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    }
  });

  it('are listed in the mailbox as links on the login origin, with what the person then sees', () => {
    const html = renderReadyLinks('http://web.desk.localhost:4700');
    const hrefs = [...html.matchAll(/<a href="([^"]+)" data-ready-link/g)].map((match) => match[1]!.replaceAll('&amp;', '&'));
    expect(hrefs).toEqual(links.map((link) => `http://web.desk.localhost:4700${link.path}`));
    expect(html).toContain('<td data-label="You see" data-outcome>Booking extended. Your desk stays yours.</td>');
  });
});
