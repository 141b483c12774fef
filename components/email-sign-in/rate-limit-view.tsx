'use client';

import { useEffect, useState } from 'react';
import { buttonClasses } from '@/components/ui/button-styles';
import { ViewHeading } from '@/components/ui/view-heading';
import { argumentMarker } from '@/lib/platform/i18n/argument-marker';

/**
 * Translated by the page on the server: `waitSeconds` with `argumentMarker('seconds')` and
 * `waitMinutes` with `argumentMarker('minutes')` where the number goes, filled in here.
 */
export type RateLimitText = {
  heading: string;
  body: string;
  waitSeconds: string;
  waitMinutes: string;
  waitOver: string;
  waitUnknown: string;
  tryAgain: string;
};

/** Below this the wait counts down in seconds; above it, in whole minutes. */
const SECONDS_SHOWN_BELOW_MS = 2 * 60_000;

/**
 * Too many attempts: says when another try can work, as this app or the backend knows it, and
 * counts down to it. "Try again" only returns to the form, so it is a secondary control.
 */
export function RateLimitView({ text, retryAfterMs, onTryAgain }: { text: RateLimitText; retryAfterMs?: number; onTryAgain: () => void }) {
  const remainingMs = useRemainingMs(retryAfterMs);
  return (
    <section className="space-y-4">
      <ViewHeading>{text.heading}</ViewHeading>
      <p role="alert">{text.body}</p>
      <p>{waitLine(text, remainingMs)}</p>
      <button type="button" className={buttonClasses('outline')} onClick={onTryAgain}>
        {text.tryAgain}
      </button>
    </section>
  );
}

function waitLine(text: RateLimitText, remainingMs: number | undefined): string {
  if (remainingMs === undefined) return text.waitUnknown;
  if (remainingMs <= 0) return text.waitOver;
  if (remainingMs < SECONDS_SHOWN_BELOW_MS) return text.waitSeconds.replace(argumentMarker('seconds'), String(Math.ceil(remainingMs / 1000)));
  return text.waitMinutes.replace(argumentMarker('minutes'), String(Math.ceil(remainingMs / 60_000)));
}

/** The wait left, on this browser's clock from the moment the view appeared, read once a second. */
function useRemainingMs(retryAfterMs: number | undefined): number | undefined {
  const [shownFor, setShownFor] = useState(0);
  useEffect(() => {
    const shownAt = Date.now();
    const interval = setInterval(() => setShownFor(Date.now() - shownAt), 1_000);
    return () => clearInterval(interval);
  }, []);
  return retryAfterMs === undefined ? undefined : retryAfterMs - shownFor;
}
