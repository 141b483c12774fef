'use client';

import { useActionState, useEffect, useRef, type ReactNode } from 'react';
import { SIGN_IN_CHANNEL, type SignInBroadcast } from './sign-in-channel';
import { buttonClasses } from '@/components/ui/button-styles';
import { Spinner } from '@/components/ui/spinner';
import { useViewFocus } from '@/components/ui/use-view-focus';
import type { LinkConfirmationError } from '@/lib/platform/backend/error-catalogue';
import type { LinkConfirmationState } from './confirm-link-action';
import { CONFIRM_FIELD } from './confirmation-field';

/** The words of the link confirmation, translated by the page on the server. */
export type ConfirmLinkText = Record<
  | 'heading'
  | 'headingWithoutScript'
  | 'askHeading'
  | 'confirm'
  | 'decline'
  | 'continue'
  | 'confirmed'
  | 'confirmedElsewhere'
  | 'codeHeading'
  | 'codeIntro'
  | 'codeWarning'
  | 'continueHere'
  | 'loading'
  | 'tryAgain',
  string
> & {
  /** "Someone asked to sign in as <address>…", with the address in place. */
  askBody: ReactNode;
  errors: Record<LinkConfirmationError, string>;
};

/**
 * In the browser that asked for the link, submits the check as soon as the page is interactive.
 * In any other browser, says for which address the link is and waits for an explicit "yes", then
 * shows the code for the browser that asked, and moves on only when the person chooses to.
 * Without script, a button does either.
 */
export function ConfirmLink({
  action,
  permalink,
  decline,
  askFirst,
  text,
}: {
  action: (previous: LinkConfirmationState, form: FormData) => Promise<LinkConfirmationState>;
  /** The link's own address: where the form posts without script, and how React finds that post's answer on the page. */
  permalink: string;
  decline: (form: FormData) => Promise<void>;
  askFirst: boolean;
  text: ConfirmLinkText;
}) {
  const [state, formAction, pending] = useActionState<LinkConfirmationState, FormData>(action, askFirst ? { status: 'ask' } : { status: 'checking' }, permalink);
  const form = useRef<HTMLFormElement>(null);
  const submitted = useRef(false);

  useEffect(() => {
    if (askFirst || submitted.current) return;
    submitted.current = true;
    form.current?.requestSubmit();
  }, [askFirst]);

  useEffect(() => {
    if (state.status !== 'signed-in' && state.status !== 'confirmed') return;
    // A tab of this browser waiting on the mail-sent view signs in at once instead of at its next poll.
    if ('BroadcastChannel' in window) {
      const channel = new BroadcastChannel(SIGN_IN_CHANNEL);
      channel.postMessage({ type: 'link-confirmed' } satisfies SignInBroadcast);
      channel.close();
    }
    if (state.status === 'signed-in') window.location.assign(state.location);
  }, [state]);

  const asking = state.status === 'ask';
  const heading = {
    checking: text.heading,
    ask: text.askHeading,
    error: text.heading,
    confirmed: text.confirmedElsewhere,
    'confirmed-elsewhere': text.codeHeading,
    'signed-in': text.confirmed,
  }[state.status];
  const headingRef = useRef<HTMLHeadingElement>(null);
  useViewFocus(headingRef, state.status, heading);
  useEffect(() => {
    // An action that sets cookies is answered with the page rendered anew, and React then mounts
    // the page's own <title> again, after useViewFocus titled the tab: the view's heading stays the title.
    const keep = new MutationObserver(() => {
      const product = document.title.lastIndexOf(' · ');
      if (product !== -1 && document.title.slice(0, product) !== heading) document.title = `${heading}${document.title.slice(product)}`;
    });
    keep.observe(document.head, { childList: true, subtree: true, characterData: true });
    return () => keep.disconnect();
  }, [heading]);

  return (
    <form ref={form} action={formAction} className="flex flex-col gap-5">
      <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold text-balance outline-none">
        {state.status === 'checking' ? (
          <>
            {/* Without script nothing checks the link until the button below is pressed. */}
            <span className="noscript:hidden">{heading}</span>
            <noscript>{text.headingWithoutScript}</noscript>
          </>
        ) : (
          heading
        )}
      </h1>
      {asking && <p>{text.askBody}</p>}
      {state.status === 'confirmed-elsewhere' && state.askedAt && <p className="text-muted">{state.askedAt}</p>}
      {state.status === 'confirmed-elsewhere' && (
        <>
          <p>{text.codeIntro}</p>
          <p className="text-center font-mono text-4xl font-bold tracking-[0.3em]">
            <span aria-hidden="true" data-testid="link-code">
              {state.code}
            </span>
            <span className="sr-only">{state.code.split('').join(' ')}</span>
          </p>
          <p className="text-sm text-muted">{text.codeWarning}</p>
          {state.location && (
            <a href={state.location} className={buttonClasses('primary')}>
              {text.continueHere}
            </a>
          )}
          <button type="submit" formAction={decline} className={buttonClasses('quiet')}>
            {text.decline}
          </button>
        </>
      )}
      {(pending || state.status === 'checking' || state.status === 'signed-in') && (
        <div className="flex justify-center py-4 text-primary noscript:hidden" role="status" aria-label={text.loading}>
          <Spinner className="size-10" />
        </div>
      )}
      {asking && !pending && (
        <>
          {/* Only this button carries the confirmation: a script that submits the form does not. */}
          <button type="submit" name={CONFIRM_FIELD} value="yes" className={buttonClasses('primary')}>
            {text.confirm}
          </button>
          <button type="submit" formAction={decline} className={buttonClasses('quiet')}>
            {text.decline}
          </button>
        </>
      )}
      {state.status === 'error' && (
        <>
          <p role="alert" className="text-danger">
            {text.errors[state.message]}
          </p>
          <button
            type="submit"
            {...(askFirst ? { name: CONFIRM_FIELD, value: 'yes' } : {})}
            className={buttonClasses('primary')}
            disabled={pending}
          >
            {text.tryAgain}
          </button>
        </>
      )}
      {!askFirst && (
        <noscript>
          <button type="submit" className={buttonClasses('primary')}>
            {text.continue}
          </button>
        </noscript>
      )}
      <noscript>
        <input type="hidden" name="noScript" value="1" />
      </noscript>
    </form>
  );
}
