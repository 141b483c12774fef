'use client';

import { createContext, useContext, type ReactNode } from 'react';
import type { Language } from '@/lib/platform/i18n/routing';

/**
 * The words of the login tree's error page, translated on the server by the layout. The error
 * boundary (app/[lang]/error.tsx) must be a client component; handing it finished strings keeps
 * next-intl's client runtime and its message formatter out of every page's scripts.
 */
export type ErrorPageText = { language: Language; heading: string; body: string; backToLogin: string };

const ErrorPageTextContext = createContext<ErrorPageText | null>(null);

export function ErrorPageTextProvider({ text, children }: { text: ErrorPageText; children: ReactNode }) {
  return <ErrorPageTextContext value={text}>{children}</ErrorPageTextContext>;
}

export function useErrorPageText(): ErrorPageText {
  const text = useContext(ErrorPageTextContext);
  if (!text) throw new Error('useErrorPageText outside ErrorPageTextProvider (app/[lang]/layout.tsx)');
  return text;
}
