'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import type { HeldState } from '@/lib/flows/email-sign-in/wait';
import { SIGN_IN_CHANNEL, type SignInBroadcast } from './sign-in-channel';

type PollStatus = 'pending' | 'unavailable' | 'expired' | 'code-needed' | 'declined' | 'signed-in';

/** What the status says in each state, translated by the page on the server. */
export type SignInStatusText = Record<PollStatus, string>;

/**
 * Waits for the link to be opened: asks the server, which holds the request while nothing changes
 * (lib/flows/email-sign-in/wait.ts, emailSignInNews), and asks again when it answers, at most once
 * an interval; at once when the tab comes back into view with no request open, and afresh when
 * another tab of this browser confirms the link, whose cookie the open request lacks. Once
 * the link was confirmed in another browser, the page is rendered again to ask for its code,
 * and waits on beside it: for the link's holder to decline it, or for this browser to confirm
 * it itself after all.
 */
export function SignInStatus({
  statusUrl,
  heldStatusUrls,
  intervalMs,
  declinedLocation,
  codeNeeded = false,
  text,
}: {
  statusUrl: string;
  /** The same, which the server holds while its answer is what the view shows: one for the wait, one for the code entry. */
  heldStatusUrls: Record<HeldState, string>;
  intervalMs: number;
  /** The login page that says, calmly, that the link's holder declined it. */
  declinedLocation: string;
  /** Rendered beside the code entry, which the view already shows: it stays silent until that changes. */
  codeNeeded?: boolean;
  text: SignInStatusText;
}) {
  const [status, setStatus] = useState<PollStatus>(codeNeeded ? 'code-needed' : 'pending');
  // What the view says now, kept across the effect's runs: each render by the server (after "Send
  // again", say) starts it afresh, and a held answer would keep any other state on screen for as long as it is held.
  const shown = useRef<PollStatus>(status);
  const router = useRouter();

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let request: AbortController | undefined;
    let stopped = false;

    async function poll() {
      if (request || stopped) return;
      clearTimeout(timer);
      const asked = new AbortController();
      request = asked;
      const started = Date.now();
      let nextInMs = intervalMs;
      try {
        const showing = shown.current;
        const response = await fetch(showing === 'pending' || showing === 'code-needed' ? heldStatusUrls[showing] : statusUrl, { cache: 'no-store', headers: { accept: 'application/json' }, signal: asked.signal });
        const answer = (await response.json()) as { state: PollStatus; location?: string };
        setStatus((shown.current = answer.state));
        if (answer.state === 'signed-in' && answer.location) {
          stopped = true;
          window.location.assign(answer.location);
        }
        if (answer.state === 'expired') stopped = true;
        if (answer.state === 'declined') {
          stopped = true;
          window.location.assign(declinedLocation);
        }
        if (answer.state === 'code-needed' && !codeNeeded) {
          router.refresh();
          return;
        }
        // Never sooner than an interval after the last ask; a request the server held that long, at once.
        if (answer.state === 'pending' || answer.state === 'code-needed') nextInMs = Math.max(0, intervalMs - (Date.now() - started));
      } catch {
        // Given up here, to ask afresh; anything else is a failure to say.
        if (asked.signal.aborted) nextInMs = 0;
        else setStatus((shown.current = 'unavailable'));
      } finally {
        request = undefined;
      }
      if (!stopped) timer = setTimeout(poll, nextInMs);
    }

    const pollWhenVisible = () => {
      if (document.visibilityState === 'visible') void poll();
    };
    const channel = 'BroadcastChannel' in window ? new BroadcastChannel(SIGN_IN_CHANNEL) : undefined;
    channel?.addEventListener('message', (event: MessageEvent<SignInBroadcast>) => {
      if (event.data?.type !== 'link-confirmed') return;
      if (request) request.abort();
      else void poll();
    });
    document.addEventListener('visibilitychange', pollWhenVisible);
    window.addEventListener('focus', pollWhenVisible);
    timer = setTimeout(poll, intervalMs);

    return () => {
      stopped = true;
      clearTimeout(timer);
      request?.abort();
      channel?.close();
      document.removeEventListener('visibilitychange', pollWhenVisible);
      window.removeEventListener('focus', pollWhenVisible);
    };
  }, [statusUrl, heldStatusUrls, intervalMs, declinedLocation, codeNeeded, router]);

  const tone = status === 'expired' || status === 'unavailable' ? 'text-danger' : 'text-muted';
  return (
    // Without script nothing asks the server: no waiting words, no spinner (the page offers a button instead).
    <p role="status" className={`flex items-center gap-2 noscript:hidden ${tone}`} data-status={status}>
      {/* Five turns, then it stands still beside its words: no motion for 15 minutes beside the controls (WCAG 2.2.2). */}
      {(status === 'pending' || status === 'signed-in') && <Spinner className="size-4 [animation-iteration-count:5]" />}
      {text[status]}
    </p>
  );
}
