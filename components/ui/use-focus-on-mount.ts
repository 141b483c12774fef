'use client';

import { useEffect, useRef } from 'react';

/**
 * Moves focus to an element (a view's heading) when it appears, so that keyboard and screen
 * reader users land on the new view instead of on a button that no longer exists.
 */
export function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return ref;
}
