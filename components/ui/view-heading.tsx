'use client';

import type { ReactNode } from 'react';
import { useFocusOnMount } from './use-focus-on-mount';

/**
 * The h1 of a view that appears after an action (the mail-sent view after the form, sign-up, the
 * organisation picker, the rate-limit view): focus moves to it, so that keyboard and screen
 * reader users start on the new view. A heading is no control, so it shows no focus outline.
 */
export function ViewHeading({ children }: { children: ReactNode }) {
  const ref = useFocusOnMount<HTMLHeadingElement>();
  return (
    <h1 ref={ref} tabIndex={-1} className="text-2xl font-bold outline-none">
      {children}
    </h1>
  );
}
