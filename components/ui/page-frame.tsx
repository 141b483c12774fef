import type { ReactNode } from 'react';
import { Logo } from '@/components/brand/logo';
import { LanguageLinksOfThisView } from '@/components/i18n/language-links';
import type { Language } from '@/lib/platform/i18n/routing';

/** The frame of every screen (docs/product.md, The screens): the logo, one card, the language links. */
export function PageFrame({ language, children }: { language: Language; children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col items-center px-4 py-8 sm:py-16">
      <header className="mb-8">
        <Logo language={language} />
      </header>
      <main className="w-full max-w-md rounded-2xl bg-card p-6 card-edge sm:p-8">{children}</main>
      <LanguageLinksOfThisView current={language} />
    </div>
  );
}
