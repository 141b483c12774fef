import type { ReactNode } from 'react';

const tones = {
  error: 'border-danger-edge bg-danger-tint text-danger',
  info: 'border-primary-edge bg-primary-tint text-ink',
  success: 'border-success-edge bg-success-tint text-success',
} as const;

/** A message in a box. Errors interrupt (alert); other news is announced politely (status). */
export function StatusMessage({
  tone,
  children,
  id,
}: {
  tone: keyof typeof tones;
  children: ReactNode;
  id?: string;
}) {
  return (
    <p id={id} role={tone === 'error' ? 'alert' : 'status'} className={`rounded-lg border px-3 py-2 ${tones[tone]}`}>
      {children}
    </p>
  );
}
