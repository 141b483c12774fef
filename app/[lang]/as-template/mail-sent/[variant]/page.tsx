import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { setRequestLocale } from 'next-intl/server';
import { CodeEntryView, WaitingView } from '@/components/email-sign-in/mail-sent-view';
import { ADDRESS_SENTINEL } from '@/lib/flows/email-sign-in/address-in-template';
import { isMailSentVariant, MAIL_SENT_VARIANTS, sentAgoSentinelOf, webmailOfVariant } from '@/lib/flows/email-sign-in/mail-sent-template';
import type { Language } from '@/lib/platform/i18n/routing';
import { headingAsTitle } from '@/lib/platform/i18n/page-title';

/**
 * The mail-sent view's templates, prerendered once per language and variant with sentinels where
 * the address and the time go (lib/flows/email-sign-in/mail-sent-template.ts). Filled per request
 * by ../route.ts; the path itself is never served to a browser that asks for it.
 */
export const dynamicParams = false;
export const dynamic = 'force-static';

export function generateStaticParams() {
  return MAIL_SENT_VARIANTS.map((variant) => ({ variant }));
}

const waitingTitle = headingAsTitle('mailSent', 'heading');
const codeTitle = headingAsTitle('mailSent', 'codeHeading');

export async function generateMetadata(props: { params: Promise<{ lang: string; variant: string }> }): Promise<Metadata> {
  const { variant } = await props.params;
  return (variant === 'code' ? codeTitle : waitingTitle)(props);
}

export default async function MailSentTemplatePage({ params }: { params: Promise<{ lang: Language; variant: string }> }) {
  const { lang, variant } = await params;
  if (!isMailSentVariant(variant)) notFound();
  setRequestLocale(lang);
  if (variant === 'code') return <CodeEntryView language={lang} />;
  return <WaitingView language={lang} email={ADDRESS_SENTINEL} sentAgoMs={sentAgoSentinelOf(variant)} webmail={webmailOfVariant(variant)} />;
}
