'use client';

import { useEffect, useState, type ReactNode } from 'react';

/** Neutral news disappears after 10 s; errors stay (docs/decisions.md, For the person). */
export const STATUS_MESSAGE_LIFETIME_MS = 10_000;

/**
 * Shows a neutral or success message for 10 s, then removes it; never while the pointer rests on
 * it or focus is in it. An error never expires this way: see ErrorUntilAction.
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
