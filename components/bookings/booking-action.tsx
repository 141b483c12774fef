'use client';

import { useActionState, useEffect, useRef } from 'react';
import { buttonClasses } from '@/components/ui/button-styles';
import { Spinner } from '@/components/ui/spinner';
import { StatusMessage } from '@/components/ui/status-message';
import { useViewFocus } from '@/components/ui/use-view-focus';
import type { UserAction } from '@/lib/flows/booking-link';
import type { BookingActionState } from './actions';

/** The words of the booking screens, translated by the page on the server. */
export type BookingActionText = Record<
  | 'heading'
  | 'extending'
  | 'extended'
  | 'cancelHeading'
  | 'cancelBody'
  | 'confirmCancel'
  | 'cancelling'
  | 'cancelledBody'
  | 'cancelledHeading'
  | 'expired'
  | 'invalid'
  | 'extend'
  | 'openApp'
  | 'serviceUnavailable'
  | 'somethingWrong',
  string
>;

/**
 * Extending happens as soon as the page is interactive (unless `extendAtOnce` is false: the view
 * in another language, which did so already); cancelling waits for a confirming click. Without
 * JavaScript both are a button.
 */
export function BookingAction({
  userAction,
  extendAtOnce,
  action,
  permalink,
  openAppHref,
  text,
}: {
  userAction: UserAction;
  extendAtOnce: boolean;
  action: (previous: BookingActionState) => Promise<BookingActionState>;
  /** Where the form posts without script (bookingLinkPermalink). */
  permalink: string;
  openAppHref: string;
  text: BookingActionText;
}) {
  const [state, formAction, pending] = useActionState<BookingActionState>(action, { status: 'ready' }, permalink);
  const form = useRef<HTMLFormElement>(null);
  const submitted = useRef(false);

  useEffect(() => {
    if (userAction !== 'retain' || !extendAtOnce || submitted.current) return;
    submitted.current = true;
    form.current?.requestSubmit();
  }, [userAction, extendAtOnce]);

  const finished = state.status === 'done' || state.status === 'expired' || state.status === 'invalid';
  const heading = headingOf(userAction, state, text);
  // A new heading is a new view ("Booking cancelled"): the focus and the tab's title follow it.
  const headingRef = useRef<HTMLHeadingElement>(null);
  useViewFocus(headingRef, heading, heading);

  return (
    <section className="space-y-5">
      <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold outline-none">
        {heading}
      </h1>
      <form ref={form} action={formAction} className="space-y-4">
        {userAction === 'cancel' && state.status === 'ready' && <p>{text.cancelBody}</p>}
        {pending && (
          <p role="status" className="flex items-center gap-2 text-muted">
            <Spinner />
            {userAction === 'retain' ? text.extending : text.cancelling}
          </p>
        )}
        {!pending && state.status === 'done' && (
          <StatusMessage tone="success">{userAction === 'retain' ? text.extended : text.cancelledBody}</StatusMessage>
        )}
        {!pending && state.status === 'expired' && <StatusMessage tone="error">{text.expired}</StatusMessage>}
        {!pending && state.status === 'invalid' && <StatusMessage tone="error">{text.invalid}</StatusMessage>}
        {!pending && state.status === 'unavailable' && <StatusMessage tone="error">{text.serviceUnavailable}</StatusMessage>}
        {!pending && state.status === 'failed' && <StatusMessage tone="error">{text.somethingWrong}</StatusMessage>}
        {!finished && !pending && (userAction === 'cancel' || !extendAtOnce || state.status === 'unavailable' || state.status === 'failed') && (
          <button type="submit" className={buttonClasses(userAction === 'cancel' ? 'danger' : 'outline')}>
            {userAction === 'cancel' ? text.confirmCancel : text.extend}
          </button>
        )}
        {userAction === 'retain' && extendAtOnce && state.status === 'ready' && (
          <noscript>
            <button type="submit" className={buttonClasses('primary')}>
              {text.extend}
            </button>
          </noscript>
        )}
      </form>
      <a href={openAppHref} className={buttonClasses(finished ? 'primary' : 'outline')}>
        {text.openApp}
      </a>
    </section>
  );
}

/** The cancel screen asks only while the question is open; afterwards it says what happened. */
function headingOf(userAction: UserAction, state: BookingActionState, text: BookingActionText): string {
  if (userAction === 'retain' || state.status === 'expired' || state.status === 'invalid') return text.heading;
  return state.status === 'done' ? text.cancelledHeading : text.cancelHeading;
}
