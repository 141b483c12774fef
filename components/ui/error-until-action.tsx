'use client';

import { useEffect, useState, type ReactNode } from 'react';

/**
 * An error stays until the person acts on the page: types, submits, or clicks a link or button
 * (WCAG 2.2.1, docs/decisions.md, For the person). Leaving the page takes it with it.
 */
export function ErrorUntilAction({ children }: { children: ReactNode }) {
  const [visible, setVisible] = useState(true);

  useEffect(() => {
    if (!visible) return;
    const dismiss = () => setVisible(false);
    const dismissOnControl = (event: Event) => {
      if (event.target instanceof Element && event.target.closest('a, button')) dismiss();
    };
    document.addEventListener('input', dismiss, true);
    document.addEventListener('submit', dismiss, true);
    document.addEventListener('click', dismissOnControl, true);
    return () => {
      document.removeEventListener('input', dismiss, true);
      document.removeEventListener('submit', dismiss, true);
      document.removeEventListener('click', dismissOnControl, true);
    };
  }, [visible]);

  return visible ? children : null;
}
