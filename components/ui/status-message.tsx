import type { ReactNode } from 'react';

const tones = {
  error: 'border-danger/30 bg-red-50 text-danger',
  info: 'border-primary/30 bg-blue-50 text-ink',
  success: 'border-success/30 bg-green-50 text-success',
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
