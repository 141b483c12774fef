import type { ReactNode } from 'react';

// The document (<html lang>) is rendered by app/[lang]/layout.tsx, which knows the language.
export default function RootLayout({ children }: { children: ReactNode }) {
  return children;
}
