'use client';

import { useFormStatus } from 'react-dom';
import { buttonClasses } from './button-styles';
import { Spinner } from './spinner';

/** A form's main button: disabled with a spinner and its pending label while the action runs. */
export function SubmitButton({ label, pendingLabel }: { label: string; pendingLabel: string }) {
  const { pending } = useFormStatus();
  return (
    <button type="submit" className={buttonClasses('primary')} disabled={pending}>
      {pending && <Spinner />}
      {pending ? pendingLabel : label}
    </button>
  );
}
