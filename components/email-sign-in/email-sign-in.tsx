'use client';

import { useTranslations } from 'next-intl';
import { useActionState, useState, type ReactNode } from 'react';
import { textFieldClasses } from '@/components/ui/field-styles';
import { SubmitButton } from '@/components/ui/submit-button';
import { isValidEmail } from '@/lib/validation';
import type { EmailFormState } from './actions';
import { RateLimitView } from './rate-limit-view';
import { TrialExpiredView, type TrialExpiredLinks } from './trial-expired-view';

type EmailSignInProps = {
  action: (previous: EmailFormState, form: FormData) => Promise<EmailFormState>;
  trialExpiredLinks: TrialExpiredLinks;
  /** The page's heading and introduction, shown with the form (server-rendered). */
  header: ReactNode;
  /** What follows the form on the login page: the other sign-in methods (server-rendered). */
  children: ReactNode;
};

const initialState: EmailFormState = { status: 'idle', email: '' };

/** The e-mail step of the login page, with the views that replace it when verifyUser refuses. */
export function EmailSignIn({ action, trialExpiredLinks, header, children }: EmailSignInProps) {
  const [state, formAction] = useActionState(action, initialState);
  const [dismissed, setDismissed] = useState<EmailFormState | null>(null);
  const view = state === dismissed ? { ...state, status: 'idle' as const } : state;

  if (view.status === 'rate-limited') return <RateLimitView onTryAgain={() => setDismissed(state)} />;
  if (view.status === 'trial-expired') return <TrialExpiredView links={trialExpiredLinks} />;

  return (
    <>
      {header}
      {/* Back from the rate-limit view, whose button is gone: the person carries on in the field. */}
      <EmailForm action={formAction} state={view} focusEmail={state === dismissed} />
      {children}
    </>
  );
}

function EmailForm({
  action,
  state,
  focusEmail,
}: {
  action: (form: FormData) => void;
  state: EmailFormState;
  focusEmail: boolean;
}) {
  const t = useTranslations('login');
  const tErrors = useTranslations('errors');
  const [localError, setLocalError] = useState<'emailNotValid' | null>(null);
  const serverError = state.status === 'error' ? state.message : null;
  const error = localError ?? serverError;

  return (
    <form
      action={action}
      noValidate
      className="mt-6 space-y-4"
      onSubmit={(event) => {
        const email = String(new FormData(event.currentTarget).get('email') ?? '').trim();
        if (isValidEmail(email)) {
          setLocalError(null);
        } else {
          event.preventDefault();
          setLocalError('emailNotValid');
        }
      }}
    >
      <div className="space-y-1.5">
        <label htmlFor="email" className="block font-medium">
          {t('emailLabel')}
        </label>
        <input
          id="email"
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          required
          autoFocus={focusEmail}
          // A new state from the server re-mounts the field with what was typed: nothing is lost.
          key={state.email}
          defaultValue={state.email}
          placeholder={t('emailPlaceholder')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'email-error' : undefined}
          onChange={() => setLocalError(null)}
          className={textFieldClasses}
        />
        {error && (
          <p id="email-error" role="alert" className="text-danger">
            {tErrors(error)}
          </p>
        )}
      </div>
      <SubmitButton label={t('submit')} pendingLabel={t('submitting')} />
    </form>
  );
}
