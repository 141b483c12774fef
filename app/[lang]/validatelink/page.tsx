import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { z } from 'zod';
import { confirmSignInLink } from '@/components/link-validation/actions';
import { linkConfirmationErrors } from '@/lib/backend/error-catalogue';
import { ConfirmLink } from '@/components/link-validation/confirm-link';
import type { LinkCheck } from '@/lib/backend/auth';
import { readEmailSignIn } from '@/lib/cookies';
import { redirectToPage } from '@/lib/action-redirect';
import { loginPagePath } from '@/lib/base-path';
import { islandText } from '@/lib/i18n/island-text';
import { isLanguage } from '@/lib/i18n/routing';
import { receivedCookies } from '@/lib/request-context';
import type { LanguagePageProps } from '@/lib/search-params';

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

/** Whether this browser is the one that asked for the link: it holds the e-mail sign-in for its uuid. */
async function askedInThisBrowser(uuid: string): Promise<boolean> {
  return (await readEmailSignIn(await receivedCookies()))?.uuid === uuid;
}

export async function generateMetadata({ params, searchParams }: LanguagePageProps): Promise<Metadata> {
  // The URL carries the link's signature: it must not leak to other sites as a referrer. Not
  // 'no-referrer', which would also blank the Origin of the form's own POST and fail Next's check.
  const metadata: Metadata = { referrer: 'same-origin' };
  const { lang } = await params;
  if (!isLanguage(lang)) return metadata;
  const link = linkQuery.safeParse(await searchParams);
  const t = await getTranslations({ locale: lang, namespace: 'validateLink' });
  const askFirst = link.success && !(await askedInThisBrowser(link.data.uuid));
  return { ...metadata, title: askFirst ? t('askHeading') : t('heading') };
}

export default async function ValidateLinkPage({ params, searchParams }: LanguagePageProps) {
  const { lang } = await params;
  setRequestLocale(lang);
  const link = linkQuery.safeParse(await searchParams);
  if (!link.success) return await redirectToPage('/invalid', lang);

  const t = await getTranslations('validateLink');
  const email = link.data.email;
  const text = {
    ...(await islandText('validateLink', ['heading', 'askHeading', 'confirm', 'decline', 'continue', 'confirmed', 'confirmedElsewhere'])),
    ...(await islandText('common', ['loading', 'tryAgain'])),
    askBody: t.rich('askBody', { email: () => <strong className="break-all">{email}</strong> }),
    errors: await islandText('errors', linkConfirmationErrors),
  };

  return (
    <ConfirmLink
      action={confirmSignInLink.bind(null, lang, link.data)}
      askFirst={!(await askedInThisBrowser(link.data.uuid))}
      declinedHref={`${loginPagePath(lang)}/validatelink/declined`}
      text={text}
    />
  );
}
