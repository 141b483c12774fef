'use client';

import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useViewFocus } from '@/components/ui/use-view-focus';

/**
 * How long the page waits to learn whether the app opened: an app that takes the address moves
 * the browser out of view or out of focus (a dialog, the app itself) well within it.
 */
export const APP_OPENS_WITHIN_MS = 3_000;

type Stage = 'asking' | 'opening' | 'opened' | 'not-opened';

/**
 * The page's buttons, and after "Open the app" what became of it. The click spends the sign-in
 * (lib/flows/sso/app-hand-off.ts), so the buttons go away; where no app takes the address the
 * browser shows nothing, so a page still in view and in focus a moment later says the app did not
 * open and what to do (`help`). A page that lost view or focus meanwhile says the app was opened.
 */
export function OpeningApp({
  form,
  children,
  help,
  text,
}: {
  /** The id of the form that opens the app; the other forms (Cancel) start nothing here. */
  form: string;
  children: ReactNode;
  help: ReactNode;
  /** `withoutScript`: what the page says where it cannot see whether the app opened. */
  text: { opening: string; opened: string; notOpened: string; withoutScript: string };
}) {
  const [stage, setStage] = useState<Stage>('asking');
  const statusRef = useRef<HTMLParagraphElement>(null);
  // The clicked button goes away: the focus moves to what the page now says (WCAG 2.4.3).
  useViewFocus(statusRef, stage !== 'asking');

  useEffect(() => {
    if (stage !== 'opening') return;
    let left = false;
    const leave = () => {
      left = true;
    };
    const leaveWhenHidden = () => {
      if (document.visibilityState === 'hidden') left = true;
    };
    window.addEventListener('pagehide', leave);
    window.addEventListener('blur', leave);
    document.addEventListener('visibilitychange', leaveWhenHidden);
    const timer = setTimeout(() => setStage(left ? 'opened' : 'not-opened'), APP_OPENS_WITHIN_MS);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('pagehide', leave);
      window.removeEventListener('blur', leave);
      document.removeEventListener('visibilitychange', leaveWhenHidden);
    };
  }, [stage]);

  const started = (event: FormEvent<HTMLDivElement>) => {
    if ((event.target as HTMLFormElement).id === form) setStage('opening');
  };

  const status = { asking: '', opening: text.opening, opened: text.opened, 'not-opened': text.notOpened }[stage];
  return (
    <>
      {/* In the page from the start, so that screen readers announce what it comes to say. */}
      <p ref={statusRef} role="status" tabIndex={-1} className="font-semibold outline-none">
        {status}
      </p>
      {stage === 'asking' ? (
        <div className="space-y-5" onSubmit={started}>
          {children}
          <noscript>{text.withoutScript}</noscript>
        </div>
      ) : null}
      {stage === 'opened' || stage === 'not-opened' ? help : null}
    </>
  );
}
