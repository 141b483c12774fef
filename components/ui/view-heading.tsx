'use client';

import { useRef } from 'react';
import { useViewFocus } from './use-view-focus';

/**
 * The h1 of every screen and view: the focus moves to it when the view appears after an action
 * (the mail-sent view after the form, sign-up, the notice pages, the organisation picker, the
 * rate-limit view, the login page after Back), and the browser's tab is titled with it. A heading
 * is no control, so it shows no focus outline. `view`: when the same heading element shows
 * another view, what tells them apart.
 */
export function ViewHeading({ children, view }: { children: string; view?: unknown }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useViewFocus(ref, view, children);
  return (
    <h1 ref={ref} tabIndex={-1} className="text-2xl font-bold outline-none">
      {children}
    </h1>
  );
}
