'use client';

import { useEffect } from 'react';

/** The mobile deep-link delay (docs/product.md, Timings and limits). */
export const DEEP_LINK_DELAY_MS = 2_000;

/** Posts the page's "Open the app" form after the delay, as the person's click would: the hand-off is spent there. */
export function OpenAppAfterDelay({ form }: { form: string }) {
  useEffect(() => {
    const timer = setTimeout(() => (document.getElementById(form) as HTMLFormElement | null)?.requestSubmit(), DEEP_LINK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [form]);
  return null;
}
