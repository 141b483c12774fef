'use client';

import { useActionState, useState } from 'react';
import { textFieldClasses } from '@/components/ui/field-styles';
import { SubmitButton } from '@/components/ui/submit-button';
import type { ErrorMessageKey } from '@/lib/backend/error-catalogue';
import { DISPLAY_NAME_MAX_LENGTH, isValidInviteName } from '@/lib/validation';
import type { InviteFormState, InviteProblem } from './actions';

/** The words of the invitation's name entry, translated by the page on the server. */
export type InviteFormText = Record<'nameLabel' | 'nameRule' | 'nameRequired' | 'invalidInvite' | 'submit' | 'submitting', string> & {
  errors: Record<ErrorMessageKey, string>;
};

export function InviteForm({
  action,
  text,
}: {
  action: (previous: InviteFormState, form: FormData) => Promise<InviteFormState>;
  text: InviteFormText;
}) {
  const [state, formAction] = useActionState<InviteFormState, FormData>(action, { status: 'idle', name: '' });
  const [name, setName] = useState(state.name);
  const [touched, setTouched] = useState(false);

  // Checked as the person types, so the rule shows before a round trip; the server checks again.
  const localProblem: InviteProblem | null =
    touched && name.trim() === '' ? { invite: 'nameRequired' } : name && !isValidInviteName(name) ? { invite: 'nameRule' } : null;
  const serverProblem = state.status === 'error' && state.name === name ? state.problem : null;
  const problem = localProblem ?? serverProblem;
  const message = problem && ('invite' in problem ? text[problem.invite] : text.errors[problem.errors]);

  return (
    <form action={formAction} className="mt-6 space-y-4" noValidate>
      <div className="space-y-1.5">
        <label htmlFor="invite-name" className="block font-medium">
          {text.nameLabel}
        </label>
        <input
          id="invite-name"
          name="name"
          type="text"
          autoComplete="name"
          required
          maxLength={DISPLAY_NAME_MAX_LENGTH}
          value={name}
          onChange={(event) => setName(event.target.value)}
          onBlur={() => setTouched(true)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? 'invite-name-error' : undefined}
          className={textFieldClasses}
        />
        {message && (
          <p id="invite-name-error" role="alert" className="text-danger">
            {message}
          </p>
        )}
      </div>
      <SubmitButton label={text.submit} pendingLabel={text.submitting} />
    </form>
  );
}
