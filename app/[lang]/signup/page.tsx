import { setRequestLocale } from 'next-intl/server';
import { SignUpView } from '@/components/sign-up/sign-up-view';
import { readSignUp } from '@/lib/flows/email-sign-in/sign-up';
import { redirectToPage } from '@/lib/platform/request/page-redirect';
import type { Language } from '@/lib/platform/i18n/routing';
import { headingAsTitle } from '@/lib/platform/i18n/page-title';
import { receivedCookies } from '@/lib/platform/request/context';

export const generateMetadata = headingAsTitle('signUp', 'heading');

/** Rendered per request where proxy.ts cannot fill the view from its template (lib/flows/email-sign-in/sign-up-template.ts). */
export default async function SignUpPage({ params }: { params: Promise<{ lang: Language }> }) {
  const { lang } = await params;
  setRequestLocale(lang);
  // Only shown while a sign-up is under way: once the name is submitted, the state is gone.
  const signUp = await readSignUp(await receivedCookies());
  if (!signUp) return await redirectToPage('/', lang);
  return <SignUpView language={lang} email={signUp.email} />;
}
