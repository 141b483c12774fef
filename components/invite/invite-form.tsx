'use client';

import { useActionState, useState } from 'react';
import { NameField } from '@/components/ui/name-field';
import { SubmitButton } from '@/components/ui/submit-button';
import type { ErrorMessageKey } from '@/lib/backend/error-catalogue';
import { isValidInviteName } from '@/lib/validation';
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
      <NameField
        id="invite-name"
        label={text.nameLabel}
        value={name}
        onChange={setName}
        onBlur={() => setTouched(true)}
        error={message}
      />
      <SubmitButton label={text.submit} pendingLabel={text.submitting} />
    </form>
  );
}
