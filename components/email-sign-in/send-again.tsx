'use client';

import { useActionState, useEffect, useState } from 'react';
import { useFormStatus } from 'react-dom';
import type { SendAgainState } from '@/components/email-sign-in/actions';
import { buttonClasses } from '@/components/ui/button-styles';
import { Spinner } from '@/components/ui/spinner';
import { argumentMarker } from '@/lib/platform/i18n/argument-marker';
import { LanguageField } from '@/components/i18n/language-field';
import type { Messages } from '@/lib/platform/i18n/messages';
import type { Language } from '@/lib/platform/i18n/routing';
import { SentAgo, type SentAgoText } from './sent-ago';

/** Every word of "send again", translated by the page on the server (no message formatter here). */
export type SendAgainText = Pick<Messages['mailSent'], 'sendAgain' | 'sendingAgain' | 'sentAgain' | 'wait30' | 'delayAdvice' | 'delayAdviceWithoutScript'> &
  SentAgoText & {
    /** With `argumentMarker('seconds')` where the number goes, filled in here as the count runs down. */
    sendAgainLocked: string;
  };

/**
 * When the link was sent, what may hold it up, and "Send again", locked for 30 s after each link
 * so that people do not flood their inbox.
 */
export function SendAgain({
  language,
  action,
  lockMs,
  sentAgoMs,
  text,
  permalink,
}: {
  language: Language;
  action: (previous: SendAgainState, form: FormData) => Promise<SendAgainState>;
  /** How long the button locks after each link (the server's rule, passed down). */
  lockMs: number;
  /** How long ago the server sent the link, by its own clock: the browser's may be set differently. */
  sentAgoMs: number;
  text: SendAgainText;
  /**
   * The path of the page that answers a post without script (React's permalink): the view filled
   * from its template and the page rendered per request that answers it must name the same, or the
   * answer is lost (their component trees lie under different routes).
   */
  permalink: string;
}) {
  const [state, formAction] = useActionState(action, { status: 'idle' }, permalink);
  // This browser's clock, read once a second from the moment the island runs.
  const [clock, setClock] = useState<{ startedAt: number; now: number } | null>(null);
  // When "send again" was last pressed, on that clock; if the answer is "sent", a link went out then.
  const [submittedAt, setSubmittedAt] = useState<number | null>(null);
  const [resent, setResent] = useState<{ answer: SendAgainState; at: number | null }>({ answer: state, at: null });
  if (resent.answer !== state) setResent({ answer: state, at: state.status === 'sent' ? submittedAt : resent.at });

  useEffect(() => {
    const startedAt = Date.now();
    const tick = () => setClock({ startedAt, now: Date.now() });
    tick();
    const interval = setInterval(tick, 1_000);
    return () => clearInterval(interval);
  }, []);

  // Before hydration the server's view holds.
  const elapsedMs = !clock
    ? sentAgoMs
    : Math.max(0, resent.at === null ? sentAgoMs + clock.now - clock.startedAt : clock.now - resent.at);
  const remainingMs = Math.max(0, lockMs - elapsedMs);
  // Only a running island can lift the lock and count it down; until then (and without script) the
  // button stays pressable and the server answers a press within the 30 s.
  const locked = clock !== null && remainingMs > 0;

  return (
    <div className="space-y-4">
      <p className="text-muted">
        <SentAgo language={language} sentAgoMs={elapsedMs} text={text} /> <span className="noscript:hidden">{text.delayAdvice}</span>
        <noscript>{text.delayAdviceWithoutScript}</noscript>
      </p>
      <form action={formAction} onSubmit={() => setSubmittedAt(Date.now())}>
        <LanguageField language={language} />
        <SendAgainButton locked={locked} label={text.sendAgain} pendingLabel={text.sendingAgain} tooltip={text.wait30} />
        {/* Right under the button it describes, so that it reads as the button's caption. Its line
            stays when the count ends, so that nothing below it moves. */}
        <p id="send-again-hint" className="mt-1.5 min-h-5 text-sm text-muted noscript:hidden">
          {locked && text.sendAgainLocked.replace(argumentMarker('seconds'), String(Math.ceil(remainingMs / 1000)))}
        </p>
        <div aria-live="polite" className="mt-2 min-h-5 text-sm">
          {state.status === 'sent' && <p className="text-success">{text.sentAgain}</p>}
          {state.status === 'locked' && <p className="text-muted">{text.wait30}</p>}
          {state.status === 'error' && <p className="text-danger">{state.message}</p>}
        </div>
      </form>
    </div>
  );
}

function SendAgainButton({
  locked,
  label,
  pendingLabel,
  tooltip,
}: {
  locked: boolean;
  label: string;
  pendingLabel: string;
  tooltip: string;
}) {
  const { pending } = useFormStatus();
  const unavailable = locked || pending;
  return (
    <button
      type="submit"
      className={buttonClasses('outline')}
      // aria-disabled keeps the button focusable, so keyboard users reach its explanation.
      aria-disabled={unavailable}
      aria-describedby={locked ? 'send-again-hint' : undefined}
      title={locked ? tooltip : undefined}
      onClick={(event) => {
        if (unavailable) event.preventDefault();
      }}
    >
      {pending && <Spinner />}
      {pending ? pendingLabel : label}
    </button>
  );
}
