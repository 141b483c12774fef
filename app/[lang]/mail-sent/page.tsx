import type { Metadata } from 'next';
import { setRequestLocale } from 'next-intl/server';
import { CodeEntryView, WaitingView } from '@/components/email-sign-in/mail-sent-view';
import { emailSignInOfPage, linkSentAgoMs } from '@/lib/flows/email-sign-in/wait';
import { redirectToPage } from '@/lib/platform/request/page-redirect';
import type { Language } from '@/lib/platform/i18n/routing';
import { webmailFor } from '@/lib/flows/email-sign-in/webmail';
import { headingAsTitle } from '@/lib/platform/i18n/page-title';

const waitingTitle = headingAsTitle('mailSent', 'heading');
const codeTitle = headingAsTitle('mailSent', 'codeHeading');

export async function generateMetadata(props: { params: Promise<{ lang: string }> }): Promise<Metadata> {
  const pending = await emailSignInOfPage();
  return (pending?.confirmedElsewhere ? codeTitle : waitingTitle)(props);
}

/**
 * The mail-sent view rendered for this request. A browser's load of it is mostly answered from
 * the view's template instead (lib/flows/email-sign-in/mail-sent-template.ts); this page answers
 * the rest: Next's own navigations, form posts, and a state the template cannot carry.
 */
export default async function MailSentPage({ params }: { params: Promise<{ lang: Language }> }) {
  const { lang } = await params;
  setRequestLocale(lang);
  const pending = await emailSignInOfPage();
  if (!pending) return await redirectToPage('/', lang);
  if (pending.confirmedElsewhere) return <CodeEntryView language={lang} />;
  return <WaitingView language={lang} email={pending.email} sentAgoMs={linkSentAgoMs(pending)} webmail={webmailFor(pending.email)} />;
}
