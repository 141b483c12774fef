'use client';

import { useActionState, useRef, useState, type ReactNode } from 'react';
import { NameField } from '@/components/ui/name-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { useViewFocus } from '@/components/ui/use-view-focus';
import { LanguageField } from '@/components/i18n/language-field';
import { UnsentPostBoundary, UnsentPostNotice } from '@/components/ui/unsent-post-boundary';
import type { Language } from '@/lib/platform/i18n/routing';
import { isValidDisplayName } from '@/lib/vocabulary/validation';
import type { SignUpFormState } from './actions';

/**
 * The words of the name entry, translated by the page on the server: `nameRequired` is said here
 * before anything is sent; every other error comes translated from the action.
 */
export type SignUpFormText = Record<'emailLabel' | 'nameLabel' | 'nameHint' | 'nameRequired' | 'notSent' | 'submit' | 'submitting', string>;

type SignUpFormProps = {
  language: Language;
  action: (previous: SignUpFormState, form: FormData) => Promise<SignUpFormState>;
  /** The address the account is for, as the page renders it. */
  email: ReactNode;
  /**
   * The path of the page that answers a post without script (React's permalink): the view filled
   * from its template is the page's, under either way it was served.
   */
  permalink: string;
  text: SignUpFormText;
};

export function SignUpForm(props: SignUpFormProps) {
  return (
    <UnsentPostBoundary>
      {(unsent, keepTyped) => <NameEntry {...props} unsentName={unsent?.fields.name} keepTyped={keepTyped} />}
    </UnsentPostBoundary>
  );
}

function NameEntry({
  language,
  action,
  email,
  text,
  permalink,
  unsentName,
  keepTyped,
}: SignUpFormProps & { unsentName: string | undefined; keepTyped: (form: HTMLFormElement) => void }) {
  const [initialState] = useState<SignUpFormState>({ status: 'idle', name: unsentName ?? '' });
  const [state, formAction] = useActionState(action, initialState, permalink);
  const [name, setName] = useState(state.name);
  const [answered, setAnswered] = useState(state);
  if (answered !== state) {
    setAnswered(state);
    setName(state.name);
  }
  // A new object for each submit without a name, so that each one moves the focus.
  const [nameMissing, setNameMissing] = useState<object | null>(null);
  // The person corrects a missing or refused name where the refusal is said.
  const nameField = useRef<HTMLInputElement>(null);
  useViewFocus(nameField, nameMissing ?? (state.status === 'error' ? state : null));

  const serverError = state.status === 'error' && state.name === name ? state.message : null;
  const error = nameMissing ? text.nameRequired : serverError;

  return (
    <form
      action={formAction}
      // The button stays usable and the page says what is missing, not the browser's bubble.
      noValidate
      className="mt-6 space-y-4"
      onSubmit={(event) => {
        keepTyped(event.currentTarget);
        if (isValidDisplayName(name)) return;
        event.preventDefault();
        setNameMissing({});
      }}
    >
      <LanguageField language={language} />
      <div className="space-y-1.5">
        <span className="block font-medium">{text.emailLabel}</span>
        <p className="text-muted">{email}</p>
      </div>
      <NameField
        ref={nameField}
        id="name"
        label={text.nameLabel}
        hint={text.nameHint}
        value={name}
        onChange={(value) => {
          setName(value);
          setNameMissing(null);
        }}
        error={error}
      />
      {unsentName !== undefined && state === initialState && <UnsentPostNotice text={text.notSent} />}
      <SubmitButton label={text.submit} pendingLabel={text.submitting} />
    </form>
  );
}
