'use client';

import { useEffect, useState, type ReactNode } from 'react';

/** Neutral news disappears after 10 s; errors stay (docs/decisions.md, For the person). */
export const STATUS_MESSAGE_LIFETIME_MS = 10_000;

/**
 * The login page's one message. Neutral news goes after 10 s, never while the pointer rests on it
 * or focus is in it. An error stays until the person acts on the page: types, or submits a form
 * (every button here does); a link leaves the page and takes it along (WCAG 2.2.1).
 */
export function LoginPageMessage({ tone, children }: { tone: 'info' | 'error'; children: ReactNode }) {
  const [visible, setVisible] = useState(true);
  const [held, setHeld] = useState(false);

  useEffect(() => {
    const dismiss = () => setVisible(false);
    if (tone === 'info') {
      if (held) return;
      const timer = setTimeout(() => {
        dismiss();
        forgetMessageInAddress();
      }, STATUS_MESSAGE_LIFETIME_MS);
      return () => clearTimeout(timer);
    }
    for (const type of ['input', 'submit']) document.addEventListener(type, dismiss, true);
    return () => {
      for (const type of ['input', 'submit']) document.removeEventListener(type, dismiss, true);
    };
  }, [tone, held]);

  if (!visible) return null;
  const hold = (on: boolean) => () => setHeld(on);
  return (
    <div onPointerEnter={hold(true)} onPointerLeave={hold(false)} onFocus={hold(true)} onBlur={hold(false)}>
      {children}
    </div>
  );
}

/** Once the news has gone, a reload must not bring it back: `?error=` leaves the address, the rest of the query stays. */
function forgetMessageInAddress() {
  const url = new URL(window.location.href);
  if (!url.searchParams.has('error')) return;
  url.searchParams.delete('error');
  window.history.replaceState(window.history.state, '', url);
}
