'use client';

import { useTranslations } from 'next-intl';
import { useActionState, useEffect, useRef } from 'react';
import { SIGN_IN_CHANNEL, type SignInBroadcast } from '@/components/mail-sent/sign-in-channel';
import { buttonClasses } from '@/components/ui/button-styles';
import { Spinner } from '@/components/ui/spinner';
import type { LinkConfirmationState } from './actions';
import { CONFIRM_FIELD } from './confirmation-field';

/**
 * In the browser that asked for the link, submits the check as soon as the page is interactive.
 * In any other browser, says for which address the link is and waits for an explicit "yes".
 * Without script, a button does either.
 */
export function ConfirmLink({
  action,
  askFirst,
  email,
  declinedHref,
}: {
  action: (previous: LinkConfirmationState, form: FormData) => Promise<LinkConfirmationState>;
  askFirst: boolean;
  email: string;
  declinedHref: string;
}) {
  const t = useTranslations('validateLink');
  const tErrors = useTranslations('errors');
  const tCommon = useTranslations('common');
  const [state, formAction, pending] = useActionState(action, askFirst ? { status: 'ask' } : { status: 'checking' });
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
  const heading =
    state.status === 'confirmed'
      ? t('confirmedElsewhere')
      : state.status === 'signed-in'
        ? t('confirmed')
        : asking
          ? t('askHeading')
          : t('heading');

  return (
    <form ref={form} action={formAction} className="space-y-5">
      <h1 className="text-2xl font-bold text-balance" aria-live="polite">
        {heading}
      </h1>
      {/* Only the explicit click of a person who did not ask here carries the confirmation. */}
      {askFirst && <input type="hidden" name={CONFIRM_FIELD} value="yes" />}
      {asking && <p>{t.rich('askBody', { email: () => <strong className="break-all">{email}</strong> })}</p>}
      {(pending || state.status === 'checking' || state.status === 'signed-in') && (
        <div className="flex justify-center py-4 text-primary" role="status" aria-label={tCommon('loading')}>
          <Spinner className="size-10" />
        </div>
      )}
      {asking && !pending && (
        <>
          <button type="submit" className={buttonClasses('primary')}>
            {t('confirm')}
          </button>
          <a href={declinedHref} className={buttonClasses('quiet')}>
            {t('decline')}
          </a>
        </>
      )}
      {state.status === 'error' && (
        <>
          <p role="alert" className="text-danger">
            {tErrors(state.message)}
          </p>
          <button type="submit" className={buttonClasses('primary')} disabled={pending}>
            {tCommon('tryAgain')}
          </button>
        </>
      )}
      {!askFirst && (
        <noscript>
          <button type="submit" className={buttonClasses('primary')}>
            {t('continue')}
          </button>
        </noscript>
      )}
      <noscript>
        <input type="hidden" name="noScript" value="1" />
      </noscript>
    </form>
  );
}
