'use client';

import { useActionState, useEffect, useState } from 'react';
import { LanguageField } from '@/components/i18n/language-field';
import { textFieldClasses } from '@/components/ui/field-styles';
import { SubmitButton } from '@/components/ui/submit-button';
import { UnsentPostBoundary, UnsentPostNotice } from '@/components/ui/unsent-post-boundary';
import type { Language } from '@/lib/platform/i18n/routing';
import type { LinkCodeState } from './actions';
import { LINK_CODE_FIELD } from './confirmation-field';

/** The words of the code entry, translated by the page on the server; `wrong` by tries left. */
export type LinkCodeText = Record<'label' | 'hint' | 'submit' | 'submitting' | 'malformed' | 'unchecked' | 'notSent', string> & { wrong: Record<number, string> };

type LinkCodeFormProps = {
  action: (previous: LinkCodeState, form: FormData) => Promise<LinkCodeState>;
  language: Language;
  text: LinkCodeText;
  /**
   * The path of the page that answers a post without script (React's permalink): the view filled
   * from its template and the page rendered per request that answers it must name the same, or the
   * answer is lost (their component trees lie under different routes).
   */
  permalink: string;
};

/**
 * Asks, in the browser that asked for the link, for the code the confirming browser shows. Digits
 * only, as one-time-code autofill offers them; a pasted "123 456" keeps all six. Without script
 * the form posts all the same and the server redirects.
 */
export function LinkCodeForm(props: LinkCodeFormProps) {
  return (
    <UnsentPostBoundary>
      {(unsent, keepTyped) => <LinkCodeEntry {...props} unsentCode={unsent?.fields[LINK_CODE_FIELD]} keepTyped={keepTyped} />}
    </UnsentPostBoundary>
  );
}

function LinkCodeEntry({
  action,
  language,
  permalink,
  text,
  unsentCode,
  keepTyped,
}: LinkCodeFormProps & { unsentCode: string | undefined; keepTyped: (form: HTMLFormElement) => void }) {
  const [initialState] = useState<LinkCodeState>({ status: 'idle' });
  const [state, formAction] = useActionState(action, initialState, permalink);

  useEffect(() => {
    if (state.status === 'signed-in') window.location.assign(state.location);
  }, [state]);

  const error = state.status === 'wrong' ? text.wrong[state.triesLeft] : state.status === 'malformed' || state.status === 'unchecked' ? text[state.status] : undefined;
  return (
    <form action={formAction} className="space-y-4" onSubmit={(event) => keepTyped(event.currentTarget)}>
      <LanguageField language={language} />
      <div className="space-y-1.5">
        <label htmlFor="link-code" className="block font-medium">
          {text.label}
        </label>
        <input
          id="link-code"
          name={LINK_CODE_FIELD}
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          spellCheck={false}
          autoFocus
          defaultValue={unsentCode}
          onInput={(event) => {
            event.currentTarget.value = event.currentTarget.value.replace(/\D/g, '').slice(0, 6);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'link-code-hint link-code-error' : 'link-code-hint'}
          className={`${textFieldClasses} font-mono text-2xl tracking-[0.3em]`}
        />
        <p id="link-code-hint" className="text-sm text-muted">
          {text.hint}
        </p>
        {error && (
          <p id="link-code-error" role="alert" className="text-danger">
            {error}
          </p>
        )}
      </div>
      {unsentCode !== undefined && state === initialState && <UnsentPostNotice text={text.notSent} />}
      <SubmitButton label={text.submit} pendingLabel={text.submitting} />
      <noscript>
        <input type="hidden" name="noScript" value="1" />
      </noscript>
    </form>
  );
}
