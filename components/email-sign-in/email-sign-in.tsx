'use client';

import { lazy, Suspense, useActionState, useEffect, useRef, useState, type ReactNode } from 'react';
import { textFieldClasses } from '@/components/ui/field-styles';
import { useViewFocus } from '@/components/ui/use-view-focus';
import { SubmitButton } from '@/components/ui/submit-button';
import { UnsentPostBoundary, UnsentPostNotice } from '@/components/ui/unsent-post-boundary';
import { withoutBreakAfterSingleLetter } from '@/components/ui/without-break-after-single-letter';
import { isValidEmail } from '@/lib/vocabulary/validation';
import { LanguageField } from '@/components/i18n/language-field';
import type { Messages } from '@/lib/platform/i18n/messages';
import type { Language } from '@/lib/platform/i18n/routing';
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
  /** A post that never reached the app. */
  notSent: string;
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
export function EmailSignIn(props: EmailSignInProps) {
  return (
    <UnsentPostBoundary>
      {(unsent, keepTyped) => <EmailSignInStep {...props} unsentEmail={unsent?.fields.email} keepTyped={keepTyped} />}
    </UnsentPostBoundary>
  );
}

function EmailSignInStep({
  language,
  initialEmail = '',
  forgetKeptAddress,
  action,
  permalink,
  trialExpiredLinks,
  text,
  header,
  lastUsedMark,
  children,
  unsentEmail,
  keepTyped,
}: EmailSignInProps & { unsentEmail: string | undefined; keepTyped: (form: HTMLFormElement) => void }) {
  const [initialState] = useState<EmailFormState>({ status: 'idle', email: unsentEmail ?? initialEmail });
  const [state, formAction] = useActionState(action, initialState, permalink);
  useEffect(() => {
    if (initialEmail && unsentEmail === undefined) void forgetKeptAddress();
  }, [initialEmail, unsentEmail, forgetKeptAddress]);
  const [dismissed, setDismissed] = useState<EmailFormState | null>(null);
  const view = state === dismissed ? { ...state, status: 'idle' as const } : state;
  useEffect(() => {
    // Answered here, not on a page of its own: there is no Back to this entry to fill the field for.
    if (state.status !== 'idle') forgetSentAddress();
  }, [state]);

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
      {/* Back from the rate-limit view, whose button is gone, or from a post that was not sent,
          or with the address kept from the wait: the person carries on in the field. */}
      <EmailForm
        language={language}
        action={formAction}
        state={view}
        focusEmail={state === dismissed || unsentEmail !== undefined || Boolean(initialEmail)}
        notSent={unsentEmail !== undefined && state === initialState ? text.notSent : undefined}
        keepTyped={keepTyped}
        text={text}
        lastUsedMark={lastUsedMark}
      />
      {children}
    </>
  );
}

function EmailForm({
  language,
  action,
  state,
  focusEmail,
  notSent,
  keepTyped,
  text,
  lastUsedMark,
}: {
  language: Language;
  action: (form: FormData) => void;
  state: EmailFormState;
  focusEmail: boolean;
  notSent: string | undefined;
  keepTyped: (form: HTMLFormElement) => void;
  text: EmailSignInText;
  lastUsedMark: ReactNode;
}) {
  // A new object for each refusal in the browser, so that the same message said again moves the focus again.
  const [localError, setLocalError] = useState<{ message: string } | null>(null);
  const serverRefusal = state.status === 'error' ? state : null;
  const error = localError?.message ?? serverRefusal?.message;
  // Refused, here or by the server: the person corrects the address where the refusal is said.
  const field = useRef<HTMLInputElement>(null);
  useViewFocus(field, localError ?? serverRefusal);
  useEffect(() => {
    // Back from the page the post led to: the address it was sent with, as a page without script gets from the browser.
    const sent: unknown = window.history.state?.[SENT_ADDRESS];
    if (typeof sent === 'string' && field.current && field.current.value === '') field.current.value = sent;
  }, []);

  return (
    <form
      action={action}
      noValidate
      className="mt-6 space-y-4"
      onSubmit={(event) => {
        keepTyped(event.currentTarget);
        const email = String(new FormData(event.currentTarget).get('email') ?? '').trim();
        if (isValidEmail(email)) {
          setLocalError(null);
          window.history.replaceState({ ...window.history.state, [SENT_ADDRESS]: email }, '');
        } else {
          event.preventDefault();
          setLocalError({ message: text.emailNotValid });
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
          ref={field}
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
      {notSent && <UnsentPostNotice text={notSent} />}
      <SubmitButton label={text.form.submit} pendingLabel={text.form.submitting} />
    </form>
  );
}

/** The key in the login page's history entry under which the address last posted from it is kept. */
const SENT_ADDRESS = 'deskLoginSentAddress';

function forgetSentAddress(): void {
  const state: unknown = window.history.state;
  if (state && typeof state === 'object' && SENT_ADDRESS in state) {
    const { [SENT_ADDRESS]: _sent, ...rest } = state as Record<string, unknown>;
    window.history.replaceState(rest, '');
  }
}
