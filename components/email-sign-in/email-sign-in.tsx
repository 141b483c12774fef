'use client';

import { lazy, Suspense, useActionState, useEffect, useState, type ReactNode } from 'react';
import { textFieldClasses } from '@/components/ui/field-styles';
import { SubmitButton } from '@/components/ui/submit-button';
import { withoutBreakAfterSingleLetter } from '@/components/ui/without-break-after-single-letter';
import { isValidEmail } from '@/lib/validation';
import { LanguageField } from '@/components/i18n/language-field';
import type { Messages } from '@/lib/i18n/messages';
import type { Language } from '@/lib/i18n/routing';
import type { EmailFormState } from './actions';
import type { TrialExpiredLinks, TrialExpiredText } from '@/components/trial-expired/trial-expired-view';

// Shown only after the backend refused: their script is fetched then, not with every login page.
const RateLimitView = lazy(() => import('./rate-limit-view').then((module) => ({ default: module.RateLimitView })));
const TrialExpiredView = lazy(() => import('@/components/trial-expired/trial-expired-view').then((module) => ({ default: module.TrialExpiredView })));

/** Every word of the island, translated by the page on the server (no message formatter here). */
export type EmailSignInText = {
  form: Pick<Messages['login'], 'emailLabel' | 'emailPlaceholder' | 'submit' | 'submitting'>;
  /** Checked here before anything is sent; every other error comes translated from the action. */
  emailNotValid: string;
  trialExpired: TrialExpiredText;
};

type EmailSignInProps = {
  language: Language;
  /** What the field starts with: the address the person came back with from the wait or sign-up, if any. */
  initialEmail?: string;
  /** Called once the initial address is shown, so that it is shown only once. */
  forgetKeptAddress: () => Promise<void>;
  action: (previous: EmailFormState, form: FormData) => Promise<EmailFormState>;
  /**
   * The login page's address. It keys the answer to a post made before script ran: the
   * prerendered page's form and the page rendered per request that answers it must name the
   * same, or the answer is lost.
   */
  permalink: string;
  trialExpiredLinks: TrialExpiredLinks;
  text: EmailSignInText;
  /**
   * What comes before the form (server-rendered): the page's heading and introduction, and the
   * other sign-in methods when one of them was used last.
   */
  header: ReactNode;
  /** After the field's label, when this browser last signed in by e-mail (server-rendered). */
  lastUsedMark?: ReactNode;
  /** What follows the form on the login page: the other sign-in methods, unless one was used last (server-rendered). */
  children: ReactNode;
};

/** The e-mail step of the login page, with the views that replace it when verifyUser refuses. */
export function EmailSignIn({ language, initialEmail = '', forgetKeptAddress, action, permalink, trialExpiredLinks, text, header, lastUsedMark, children }: EmailSignInProps) {
  const [state, formAction] = useActionState(action, { status: 'idle', email: initialEmail }, permalink);
  useEffect(() => {
    if (initialEmail) void forgetKeptAddress();
  }, [initialEmail, forgetKeptAddress]);
  const [dismissed, setDismissed] = useState<EmailFormState | null>(null);
  const view = state === dismissed ? { ...state, status: 'idle' as const } : state;

  if (view.status === 'rate-limited') {
    return (
      <Suspense>
        <RateLimitView text={view.text} retryAfterMs={view.retryAfterMs} onTryAgain={() => setDismissed(state)} />
      </Suspense>
    );
  }
  if (view.status === 'trial-expired') {
    return (
      <Suspense>
        <TrialExpiredView links={trialExpiredLinks} text={text.trialExpired} />
      </Suspense>
    );
  }

  return (
    <>
      {header}
      {/* Back from the rate-limit view, whose button is gone: the person carries on in the field. */}
      <EmailForm language={language} action={formAction} state={view} focusEmail={state === dismissed} text={text} lastUsedMark={lastUsedMark} />
      {children}
    </>
  );
}

function EmailForm({
  language,
  action,
  state,
  focusEmail,
  text,
  lastUsedMark,
}: {
  language: Language;
  action: (form: FormData) => void;
  state: EmailFormState;
  focusEmail: boolean;
  text: EmailSignInText;
  lastUsedMark: ReactNode;
}) {
  const [localError, setLocalError] = useState<string | null>(null);
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
          setLocalError(text.emailNotValid);
        }
      }}
    >
      <LanguageField language={language} />
      <div className="space-y-1.5">
        <label htmlFor="email" className="block font-medium">
          {withoutBreakAfterSingleLetter(text.form.emailLabel)}
          {lastUsedMark && <> {lastUsedMark}</>}
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
          placeholder={text.form.emailPlaceholder}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'email-error' : undefined}
          onChange={() => setLocalError(null)}
          className={textFieldClasses}
        />
        {error && (
          <p id="email-error" role="alert" className="text-danger">
            {error}
          </p>
        )}
      </div>
      <SubmitButton label={text.form.submit} pendingLabel={text.form.submitting} />
    </form>
  );
}
