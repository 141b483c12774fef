'use client';

import { useEffect, useState, type ReactNode } from 'react';
import { buttonClasses } from './button-styles';

/**
 * The login page's one message. It stays until the person acts on the page: types, submits a
 * form (every button here does), or, for neutral news, dismisses it with its own button; a link
 * leaves the page and takes it along. Nothing about it is timed (WCAG 2.2.1): a note read by
 * someone who reads slowly, or who is still finding their way with the keyboard, is still there.
 */
export function LoginPageMessage({ tone, dismissLabel, children }: { tone: 'info' | 'error'; dismissLabel: string; children: ReactNode }) {
  const [visible, setVisible] = useState(true);

  useEffect(() => {
    const dismiss = () => setVisible(false);
    for (const type of ['input', 'submit']) document.addEventListener(type, dismiss, true);
    return () => {
      for (const type of ['input', 'submit']) document.removeEventListener(type, dismiss, true);
    };
  }, []);

  if (!visible) return null;
  return (
    <div>
      {children}
      {tone === 'info' && (
        <button
          type="button"
          className={`${buttonClasses('quiet')} mt-1 text-sm`}
          onClick={() => {
            setVisible(false);
            forgetMessageInAddress();
            // The button is gone: the focus goes on from the view's heading (ViewHeading), not from the top.
            document.querySelector<HTMLElement>('main h1')?.focus();
          }}
        >
          {dismissLabel}
        </button>
      )}
    </div>
  );
}

/** Once the news is dismissed, a reload must not bring it back: `?error=` leaves the address, the rest of the query stays. */
function forgetMessageInAddress() {
  const url = new URL(window.location.href);
  if (!url.searchParams.has('error')) return;
  url.searchParams.delete('error');
  window.history.replaceState(window.history.state, '', url);
}
