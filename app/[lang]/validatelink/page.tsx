import type { Metadata } from 'next';
import { setRequestLocale } from 'next-intl/server';
import { z } from 'zod';
import { ClientMessages } from '@/components/i18n/client-messages';
import { confirmSignInLink } from '@/components/link-validation/actions';
import { ConfirmLink } from '@/components/link-validation/confirm-link';
import type { LinkCheck } from '@/lib/backend/auth';
import { redirect } from '@/lib/i18n/navigation';
import type { LanguagePageProps } from '@/lib/search-params';
import { headingAsTitle } from '@/lib/i18n/page-title';

// The URL carries the link's signature: it must not leak to other sites as a referrer. Not
// 'no-referrer', which would also blank the Origin of the form's own POST and fail Next's check.
export const generateMetadata = headingAsTitle('validateLink', 'heading', { referrer: 'same-origin' });

const required = z.string().min(1).max(2048);
const optional = z.string().max(2048).default('');
const linkQuery = z.object({
  email: required,
  uuid: required,
  signature: required,
  timestamp: required,
  domain: optional,
  userName: optional,
  displayName: optional,
}) satisfies z.ZodType<LinkCheck, unknown>;

export default async function ValidateLinkPage({ params, searchParams }: LanguagePageProps) {
  const { lang } = await params;
  setRequestLocale(lang);
  const link = linkQuery.safeParse(await searchParams);
  if (!link.success) return redirect({ href: '/invalid', locale: lang });

  return (
    <ClientMessages namespaces={['validateLink', 'errors', 'common']}>
      <ConfirmLink action={confirmSignInLink.bind(null, lang, link.data)} />
    </ClientMessages>
  );
}
