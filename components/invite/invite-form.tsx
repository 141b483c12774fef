'use client';

import { useActionState, useRef, useState, type ReactNode } from 'react';
import { NameField } from '@/components/ui/name-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { useViewFocus } from '@/components/ui/use-view-focus';
import { UnsentPostBoundary, UnsentPostNotice } from '@/components/ui/unsent-post-boundary';
import type { ErrorMessageKey } from '@/lib/platform/backend/error-catalogue';
import { argumentMarker } from '@/lib/platform/i18n/argument-marker';
import { disallowedInviteNameCharacter, visibleCharacter } from '@/lib/vocabulary/validation';
import { RateLimitView } from '@/components/email-sign-in/rate-limit-view';
import { characterNamedInWords } from './named-characters';
import type { InviteFormState, InviteProblem } from './actions';

/** The words of the invitation's name entry, translated by the page on the server. */
export type InviteFormText = Record<
  'emailLabel' | 'nameLabel' | 'nameHint' | 'nameRequired' | 'nameApostrophe' | 'nameQuotationMark' | 'invalidInvite' | 'notSent' | 'submit' | 'submitting',
  string
> & {
  /** With `argumentMarker('character')` where the refused character goes. */
  nameCharacter: string;
  errors: Record<ErrorMessageKey, string>;
};

type InviteFormProps = {
  action: (previous: InviteFormState, form: FormData) => Promise<InviteFormState>;
  /** Where the form posts without script (invitationPermalink). */
  permalink: string;
  /** The invited address as the page renders it, when the link's text has the form of one. */
  email?: ReactNode;
  text: InviteFormText;
};

export function InviteForm(props: InviteFormProps) {
  return (
    <UnsentPostBoundary>
      {(unsent, keepTyped) => <InviteNameEntry {...props} unsentName={unsent?.fields.name} keepTyped={keepTyped} />}
    </UnsentPostBoundary>
  );
}

function InviteNameEntry({
  action,
  permalink,
  email,
  text,
  unsentName,
  keepTyped,
}: InviteFormProps & { unsentName: string | undefined; keepTyped: (form: HTMLFormElement) => void }) {
  const [initialState] = useState<InviteFormState>({ status: 'idle', name: unsentName ?? '' });
  const [state, formAction] = useActionState<InviteFormState, FormData>(action, initialState, permalink);
  const [name, setName] = useState(state.name);
  // Set by a submit the name cannot pass, a new object each time. An empty field is refused only
  // then, never when the focus merely leaves it (WCAG 3.2.2): a person tabbing past to read on
  // has made no mistake yet.
  const [refusedSubmit, setRefusedSubmit] = useState<object | null>(null);
  const [dismissed, setDismissed] = useState<InviteFormState | null>(null);
  // The person corrects a refused name where the refusal is said.
  const nameField = useRef<HTMLInputElement>(null);
  useViewFocus(nameField, refusedSubmit ?? (state.status === 'error' ? state : null));

  // Checked as the person types, so the rule shows before a round trip; the server checks again.
  const refused = disallowedInviteNameCharacter(name);
  const localProblem: InviteProblem | null =
    refusedSubmit && name.trim() === '' ? { invite: 'nameRequired' } : refused ? { invite: 'nameCharacter', character: refused } : null;
  const serverProblem = state.status === 'error' && state.name === name ? state.problem : null;
  const problem = localProblem ?? serverProblem;

  if (state.status === 'rate-limited' && state !== dismissed) {
    return (
      <div className="mt-6">
        <RateLimitView text={state.text} retryAfterMs={state.retryAfterMs} onTryAgain={() => setDismissed(state)} />
      </div>
    );
  }
  return (
    <form
      action={formAction}
      className="mt-6 space-y-4"
      noValidate
      onSubmit={(event) => {
        keepTyped(event.currentTarget);
        // A name the rule refuses is said where it is typed; the server would only say it again.
        if (name.trim() !== '' && !refused) return;
        event.preventDefault();
        setRefusedSubmit({});
      }}
    >
      {email && (
        <div className="space-y-1.5">
          <span className="block font-medium">{text.emailLabel}</span>
          <p className="text-muted">{email}</p>
        </div>
      )}
      <NameField
        ref={nameField}
        id="invite-name"
        label={text.nameLabel}
        hint={text.nameHint}
        value={name}
        onChange={setName}
        error={problem && messageFor(problem, text)}
      />
      {unsentName !== undefined && state === initialState && <UnsentPostNotice text={text.notSent} />}
      <SubmitButton label={text.submit} pendingLabel={text.submitting} />
    </form>
  );
}

function messageFor(problem: InviteProblem, text: InviteFormText): string {
  if ('errors' in problem) return text.errors[problem.errors];
  if (problem.invite === 'nameCharacter') {
    const named = characterNamedInWords(problem.character);
    if (named) return text[named === 'apostrophe' ? 'nameApostrophe' : 'nameQuotationMark'];
    return text.nameCharacter.replace(argumentMarker('character'), visibleCharacter(problem.character));
  }
  return text[problem.invite];
}
