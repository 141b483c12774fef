import { setRequestLocale } from 'next-intl/server';
import { trialExpiredContent } from '@/components/trial-expired/trial-expired-content';
import { TrialExpiredView } from '@/components/trial-expired/trial-expired-view';
import type { Language } from '@/lib/platform/i18n/routing';
import { headingAsTitle } from '@/lib/platform/i18n/page-title';

/** Reads nothing from the request: rendered once, and its language links keep no query (components/i18n/language-links.tsx). */
export const dynamic = 'force-static';

export const generateMetadata = headingAsTitle('trialExpired', 'heading');

/** Single sign-on into an organisation whose free trial has ended: the e-mail step's very view. */
export default async function TrialExpiredPage({ params }: { params: Promise<{ lang: Language }> }) {
  const { lang } = await params;
  setRequestLocale(lang);
  const { links, text } = await trialExpiredContent(lang);
  return <TrialExpiredView links={links} text={text} />;
}
