import { NextIntlClientProvider } from 'next-intl';
import { getLocale, getMessages } from 'next-intl/server';
import type { ReactNode } from 'react';
import type { Messages } from '@/lib/i18n/messages';

/**
 * Hands a client island only the message namespaces it uses, so that a page does not ship
 * the whole dictionary to the browser.
 */
export async function ClientMessages({
  namespaces,
  children,
}: {
  namespaces: (keyof Messages)[];
  children: ReactNode;
}) {
  const [locale, messages] = await Promise.all([getLocale(), getMessages()]);
  const picked = Object.fromEntries(namespaces.map((namespace) => [namespace, messages[namespace]]));
  return (
    <NextIntlClientProvider locale={locale} messages={picked}>
      {children}
    </NextIntlClientProvider>
  );
}
