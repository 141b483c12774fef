/** @jest-environment jsdom */
import { render, screen, waitFor } from '@testing-library/react';
import { SignInStatus, type SignInStatusText } from '@/components/email-sign-in/sign-in-status';
import messages from '@/messages/en.json';

// One router for every render, as Next's.
const mockRouter = { refresh: jest.fn() };
jest.mock('next/navigation', () => ({ useRouter: () => mockRouter }));

const STATUS_URL = '/login/api/email-sign-in/status';
/** What components/email-sign-in/mail-sent-view.tsx translates for the wait. */
const text: SignInStatusText = {
  pending: messages.mailSent.waiting,
  'signed-in': messages.mailSent.signedIn,
  expired: messages.mailSent.expired,
  'code-needed': messages.mailSent.confirmedElsewhere,
  declined: messages.errors.linkDeclined,
  unavailable: messages.errors.serviceUnavailable,
};

/** The server's answers, in turn; every URL the view asked, in order. */
function serverAnswering(states: string[]): string[] {
  const asked: string[] = [];
  global.fetch = jest.fn(async (url: string | URL | Request) => {
    asked.push(String(url));
    const state = states[Math.min(asked.length - 1, states.length - 1)];
    // jsdom has no Response; the view reads only the body.
    return { json: async () => ({ state }) } as unknown as Response;
  }) as typeof fetch;
  return asked;
}

/** The props as the server renders them: each render of the page is a new object, as after a server action. */
function statusProps() {
  return {
    statusUrl: STATUS_URL,
    heldStatusUrls: { pending: `${STATUS_URL}?hold=pending`, 'code-needed': `${STATUS_URL}?hold=code-needed` },
    intervalMs: 20,
    declinedLocation: '/login/en?error=link-declined',
    text,
  };
}

// The view waits 20 ms between asks; a busy machine (the type check and lint beside) makes that much longer.
const WAIT = { timeout: 5_000 };

describe('SignInStatus', () => {
  it('asks to be held only while it shows the wait: after "not reachable", a plain ask, then held again once waiting', async () => {
    const asked = serverAnswering(['unavailable', 'pending', 'pending']);
    render(<SignInStatus {...statusProps()} />);
    await waitFor(() => expect(asked.length).toBeGreaterThanOrEqual(3), WAIT);
    expect(asked.slice(0, 3)).toEqual([`${STATUS_URL}?hold=pending`, STATUS_URL, `${STATUS_URL}?hold=pending`]);
  }, 15_000);

  it('rendered again by the server while it says "not reachable" (as "Send again" does), it still asks without a hold', async () => {
    const asked = serverAnswering(['unavailable']);
    const { rerender } = render(<SignInStatus {...statusProps()} />);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(text.unavailable), WAIT);
    const before = asked.length;
    rerender(<SignInStatus {...statusProps()} />);
    await waitFor(() => expect(asked.length).toBeGreaterThan(before), WAIT);
    // A held ask would be kept by the server for as long as its answer is "pending", with "not reachable" on screen.
    expect(asked[before]).toBe(STATUS_URL);
  }, 15_000);
});
