import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { confirmSignInLink } from '@/components/email-sign-in/confirm-link-action';
import { linkConfirmationErrors } from '@/lib/backend/error-catalogue';
import { ConfirmLink } from '@/components/email-sign-in/confirm-link';
import { EmailAddress } from '@/components/ui/email-address';
import { linkVerdictBeforeCheck, readEmailSignIn, signInLinkQuery } from '@/lib/email-sign-in';
import { redirectToPage } from '@/lib/request/page-redirect';
import { loginPagePath } from '@/lib/base-path';
import { islandText } from '@/lib/i18n/island-text';
import { isLanguage } from '@/lib/i18n/routing';
import { receivedCookies } from '@/lib/request/context';
import type { LanguagePageProps } from '@/lib/request/search-params';
import { isValidEmail } from '@/lib/validation';

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
  const link = signInLinkQuery.safeParse(await searchParams);
  const t = await getTranslations({ locale: lang, namespace: 'validateLink' });
  const askFirst = link.success && !(await askedInThisBrowser(link.data.uuid));
  return { ...metadata, title: askFirst ? t('askHeading') : t('heading') };
}

export default async function ValidateLinkPage({ params, searchParams }: LanguagePageProps) {
  const { lang } = await params;
  setRequestLocale(lang);
  const link = signInLinkQuery.safeParse(await searchParams);
  if (!link.success) return await redirectToPage('/invalid', lang);
  // Said at once where this browser can tell; otherwise only the backend can, after the page has loaded.
  const verdict = await linkVerdictBeforeCheck(await receivedCookies(), link.data);
  if (verdict) return await redirectToPage(`/invalid/${verdict}`, lang);

  const t = await getTranslations('validateLink');
  const email = link.data.email;
  const text = {
    ...(await islandText('validateLink', [
      'heading',
      'askHeading',
      'confirm',
      'decline',
      'continue',
      'confirmed',
      'confirmedElsewhere',
      'codeHeading',
      'codeIntro',
      'codeWarning',
      'continueHere',
    ])),
    ...(await islandText('common', ['loading', 'tryAgain'])),
    // The link's text is the backend's, but it is shown only when it has the form of an address.
    askBody: isValidEmail(email)
      ? t.rich('askBody', {
          email: () => (
            <strong>
              <EmailAddress email={email} />
            </strong>
          ),
        })
      : t('askBodyWithoutAddress'),
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
