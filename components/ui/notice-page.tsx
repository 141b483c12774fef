import type { ReactNode } from 'react';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { BackToLoginLink } from '@/components/ui/back-to-login-link';
import { ViewHeading } from '@/components/ui/view-heading';
import type { Messages } from '@/lib/platform/i18n/messages';
import { headingAsTitle } from '@/lib/platform/i18n/page-title';
import type { Language } from '@/lib/platform/i18n/routing';

/** A page that says one thing and offers a way on: invalid link, user limit, one-time codes. */
export function NoticePage({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <section className="space-y-4">
      <ViewHeading>{heading}</ViewHeading>
      {children}
    </section>
  );
}

/**
 * A notice page of a heading, one paragraph and the way back to the login, with the heading as
 * its title: the page file exports `generateMetadata` and, as its default, `Page`.
 */
export function headingAndBodyNoticePage<Namespace extends keyof Messages>(
  namespace: Namespace,
  keys: { heading: keyof Messages[Namespace] & string; body: keyof Messages[Namespace] & string },
) {
  async function Page({ params }: { params: Promise<{ lang: Language }> }) {
    const { lang } = await params;
    setRequestLocale(lang);
    const [t, tCommon] = await Promise.all([getTranslations(namespace), getTranslations('common')]);
    // The keys are checked against the namespace above; the translator's own overloads cannot see it.
    const text = t as unknown as (key: string) => string;
    return (
      <NoticePage heading={text(keys.heading)}>
        <p>{text(keys.body)}</p>
        <BackToLoginLink language={lang} label={tCommon('backToLogin')} />
      </NoticePage>
    );
  }
  return { generateMetadata: headingAsTitle(namespace, keys.heading), Page };
}
