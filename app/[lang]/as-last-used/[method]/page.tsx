import { setRequestLocale } from 'next-intl/server';
import { LoginScreen } from '@/components/email-sign-in/login-screen';
import type { Language } from '@/lib/platform/i18n/routing';
import { LAST_USED_NONE, lastUsedVariants, type LastUsedVariant } from '@/lib/platform/pages/login-page-variant';

/**
 * The login page as most browsers get it, prerendered once per language and last-used method
 * (docs/decisions.md, Pages, forms and scripts). proxy.ts rewrites `/{lang}` here; the path
 * itself is never served to a browser that asks for it.
 */
export const dynamicParams = false;

export function generateStaticParams() {
  return lastUsedVariants.map((method) => ({ method }));
}

export default async function PrerenderedLoginPage({ params }: { params: Promise<{ lang: Language; method: LastUsedVariant }> }) {
  const { lang, method } = await params;
  setRequestLocale(lang);
  return <LoginScreen language={lang} lastUsed={method === LAST_USED_NONE ? undefined : method} />;
}
