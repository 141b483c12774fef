import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import type { Messages } from './messages';
import { oncePerLanguage } from './once-per-language';
import { isLanguage } from './routing';

/**
 * A page's `generateMetadata` that titles the browser tab with the page's own heading (WCAG
 * 2.4.2), e.g. "Check your inbox · Desk Booking"; the layout adds the product name.
 */
export function headingAsTitle<Namespace extends keyof Messages>(
  namespace: Namespace,
  key: keyof Messages[Namespace] & string,
  extra: Metadata = {},
) {
  const metadataOf = oncePerLanguage(async (language): Promise<Metadata> => {
    const t = await getTranslations({ locale: language, namespace });
    // The key is checked against the namespace above; the translator's own overloads cannot see it.
    return { ...extra, title: (t as unknown as (key: string) => string)(key) };
  });
  return async function generateMetadata({ params }: { params: Promise<{ lang: string }> }): Promise<Metadata> {
    const { lang } = await params;
    return isLanguage(lang) ? metadataOf(lang) : extra;
  };
}
