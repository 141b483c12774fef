import { notFound } from 'next/navigation';
import { setRequestLocale } from 'next-intl/server';
import { LoginScreen } from '@/components/email-sign-in/login-screen';
import type { Language } from '@/lib/platform/i18n/routing';
import { loginMessageTemplates, MESSAGE_SENTINEL, messageTemplateOfSegment, messageTemplateSegment } from '@/lib/platform/pages/login-message-template';

/**
 * The login page with a message, as a template: prerendered once per language, tone of message
 * and login page variant with a sentinel for the message's words
 * (lib/platform/pages/login-message-template.ts), filled per request by proxy.ts; the path itself
 * is never served to a browser that asks for it.
 */
export const dynamicParams = false;
export const dynamic = 'force-static';

export function generateStaticParams() {
  return loginMessageTemplates().map((template) => ({ variant: messageTemplateSegment(template) }));
}

export default async function LoginMessageTemplatePage({ params }: { params: Promise<{ lang: Language; variant: string }> }) {
  const { lang, variant: segment } = await params;
  const template = messageTemplateOfSegment(segment);
  if (!template) notFound();
  setRequestLocale(lang);
  return <LoginScreen language={lang} lastUsed={template.variant.lastUsed} offered={template.variant.offered} error={{ text: MESSAGE_SENTINEL, tone: template.tone }} />;
}
