import { notFound } from 'next/navigation';
import { setRequestLocale } from 'next-intl/server';
import { LoginScreen } from '@/components/email-sign-in/login-screen';
import type { Language } from '@/lib/platform/i18n/routing';
import { loginPageVariants, variantOfSegment, variantSegment } from '@/lib/platform/pages/login-page-variant';

/**
 * The login page as most browsers get it, prerendered once per language, last-used method and set
 * of offered providers (docs/decisions.md, Pages, forms and scripts). proxy.ts rewrites `/{lang}`
 * here; the path itself is never served to a browser that asks for it.
 */
export const dynamicParams = false;
// Rendered once per variant, without a request: its language links keep no query (components/i18n/language-links.tsx).
export const dynamic = 'force-static';

export function generateStaticParams() {
  return loginPageVariants().map((variant) => ({ variant: variantSegment(variant) }));
}

export default async function PrerenderedLoginPage({ params }: { params: Promise<{ lang: Language; variant: string }> }) {
  const { lang, variant: segment } = await params;
  const variant = variantOfSegment(segment);
  if (!variant) notFound();
  setRequestLocale(lang);
  return <LoginScreen language={lang} lastUsed={variant.lastUsed} offered={variant.offered} />;
}
