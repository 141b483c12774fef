'use client';

import { useTranslations } from 'next-intl';
import { useActionState, useEffect, useRef } from 'react';
import { SIGN_IN_CHANNEL, type SignInBroadcast } from '@/components/mail-sent/sign-in-channel';
import { buttonClasses } from '@/components/ui/button-styles';
import { Spinner } from '@/components/ui/spinner';
import type { LinkConfirmationState } from './actions';

/** Submits the link check as soon as the page is interactive; a button does it without script. */
export function ConfirmLink({
  action,
}: {
  action: (previous: LinkConfirmationState, form: FormData) => Promise<LinkConfirmationState>;
}) {
  const t = useTranslations('validateLink');
  const tErrors = useTranslations('errors');
  const tCommon = useTranslations('common');
  const [state, formAction, pending] = useActionState(action, { status: 'checking' });
  const form = useRef<HTMLFormElement>(null);
  const submitted = useRef(false);

  useEffect(() => {
    if (submitted.current) return;
    submitted.current = true;
    form.current?.requestSubmit();
  }, []);

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

  const heading =
    state.status === 'confirmed' ? t('confirmedElsewhere') : state.status === 'signed-in' ? t('confirmed') : t('heading');

  return (
    <form ref={form} action={formAction} className="space-y-5">
      <h1 className="text-2xl font-bold" aria-live="polite">
        {heading}
      </h1>
      {(pending || state.status === 'checking' || state.status === 'signed-in') && (
        <div className="flex justify-center py-4 text-primary" role="status" aria-label={tCommon('loading')}>
          <Spinner className="size-10" />
        </div>
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
      <noscript>
        <input type="hidden" name="noScript" value="1" />
        <button type="submit" className={buttonClasses('primary')}>
          {t('continue')}
        </button>
      </noscript>
    </form>
  );
}
