'use client';

import { useEffect, useState, type ReactNode } from 'react';
import { Spinner } from '@/components/ui/spinner';

/** The loading overlay goes after 4 s, whatever the provider is doing (docs/product.md, Login page). */
export const LOADING_OVERLAY_MS = 4_000;

/** A plain link to a start route, with a covering spinner while the provider's page loads. */
export function SsoLink({
  href,
  className,
  loadingLabel,
  children,
}: {
  href: string;
  className: string;
  loadingLabel: string;
  children: ReactNode;
}) {
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    if (!loading) return;
    const timer = setTimeout(() => setLoading(false), LOADING_OVERLAY_MS);
    // Coming back with the browser's back button restores this page as it was: no overlay then.
    const hide = (event: PageTransitionEvent) => event.persisted && setLoading(false);
    window.addEventListener('pageshow', hide);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('pageshow', hide);
    };
  }, [loading]);

  return (
    <>
      <a href={href} className={className} onClick={() => setLoading(true)}>
        {children}
      </a>
      {loading && (
        <div role="status" className="fixed inset-0 z-50 grid place-items-center bg-veil text-primary">
          <span className="flex flex-col items-center gap-3">
            <Spinner className="size-8" />
            <span className="text-ink">{loadingLabel}</span>
          </span>
        </div>
      )}
    </>
  );
}
