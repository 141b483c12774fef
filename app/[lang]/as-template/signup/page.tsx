import { setRequestLocale } from 'next-intl/server';
import { SignUpView } from '@/components/sign-up/sign-up-view';
import { ADDRESS_SENTINEL } from '@/lib/flows/email-sign-in/address-in-template';
import type { Language } from '@/lib/platform/i18n/routing';
import { headingAsTitle } from '@/lib/platform/i18n/page-title';

/**
 * The sign-up view's template, prerendered once per language with a sentinel where the address
 * goes (lib/flows/email-sign-in/sign-up-template.ts), filled per request by proxy.ts; the path
 * itself is never served to a browser that asks for it.
 */
export const dynamic = 'force-static';

export const generateMetadata = headingAsTitle('signUp', 'heading');

export default async function SignUpTemplatePage({ params }: { params: Promise<{ lang: Language }> }) {
  const { lang } = await params;
  setRequestLocale(lang);
  return <SignUpView language={lang} email={ADDRESS_SENTINEL} />;
}
