import type { ReactNode } from 'react';

/** A page that says one thing and offers a way on: invalid link, user limit, one-time codes. */
export function NoticePage({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-bold">{heading}</h1>
      {children}
    </section>
  );
}
