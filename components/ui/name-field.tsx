import type { Ref } from 'react';
import { textFieldClasses } from '@/components/ui/field-styles';
import { DISPLAY_NAME_MAX_LENGTH } from '@/lib/vocabulary/validation';

type NameFieldProps = {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  /** Said under the field, always. */
  hint?: string;
  /** Said under the field, as an alert, and tied to it. */
  error?: string | null;
  ref?: Ref<HTMLInputElement>;
};

/** The name entry of sign-up and of an invitation: the field, its hint and its error, each tied to it. */
export function NameField({ id, label, value, onChange, hint, error, ref }: NameFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block font-medium">
        {label}
      </label>
      <input
        ref={ref}
        id={id}
        name="name"
        type="text"
        autoComplete="name"
        required
        maxLength={DISPLAY_NAME_MAX_LENGTH}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
        className={textFieldClasses}
      />
      {hint && (
        <p id={hintId} className="text-sm text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
