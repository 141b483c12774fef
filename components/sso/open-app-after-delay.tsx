'use client';

import { useEffect } from 'react';

/** The mobile deep-link delay (docs/product.md, Timings and limits). */
export const DEEP_LINK_DELAY_MS = 2_000;

export function OpenAppAfterDelay({ location }: { location: string }) {
  useEffect(() => {
    const timer = setTimeout(() => window.location.assign(location), DEEP_LINK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [location]);
  return null;
}
