'use client';

import { buttonClasses } from '@/components/ui/button-styles';
import { ViewHeading } from '@/components/ui/view-heading';

export type RateLimitText = { heading: string; body: string; tryAgain: string };

export function RateLimitView({ text, onTryAgain }: { text: RateLimitText; onTryAgain: () => void }) {
  return (
    <section className="space-y-4">
      <ViewHeading>{text.heading}</ViewHeading>
      <p role="alert">{text.body}</p>
      <button type="button" className={buttonClasses('primary')} onClick={onTryAgain}>
        {text.tryAgain}
      </button>
    </section>
  );
}
