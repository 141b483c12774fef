'use client';

import { useEffect, useState, type ReactNode } from 'react';

/**
 * An error stays until the person acts on the page: types, or submits a form (every button here
 * does); a link leaves the page and takes it along (WCAG 2.2.1, docs/decisions.md, For the person).
 */
export function ErrorUntilAction({ children }: { children: ReactNode }) {
  const [visible, setVisible] = useState(true);

  useEffect(() => {
    const dismiss = () => setVisible(false);
    for (const type of ['input', 'submit']) document.addEventListener(type, dismiss, true);
    return () => {
      for (const type of ['input', 'submit']) document.removeEventListener(type, dismiss, true);
    };
  }, []);

  return visible && children;
}
