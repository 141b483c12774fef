'use client';

import { useEffect, useState, type ReactNode } from 'react';

/** Status messages disappear after 10 s (docs/decisions.md, Kept as specified, though questioned). */
export const STATUS_MESSAGE_LIFETIME_MS = 10_000;

/**
 * Shows a message for 10 s, then removes it; never while the pointer rests on it or focus is in
 * it, so that nobody loses a message they are still reading (WCAG 2.2.1).
 */
export function ExpiringStatus({ children }: { children: ReactNode }) {
  const [visible, setVisible] = useState(true);
  const [held, setHeld] = useState(false);

  useEffect(() => {
    if (held || !visible) return;
    const timer = setTimeout(() => setVisible(false), STATUS_MESSAGE_LIFETIME_MS);
    return () => clearTimeout(timer);
  }, [held, visible]);

  if (!visible) return null;
  return (
    <div
      onPointerEnter={() => setHeld(true)}
      onPointerLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      {children}
    </div>
  );
}
