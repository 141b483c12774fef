import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { confirmSignInLink, declineSignInLink } from '@/components/email-sign-in/confirm-link-action';
import { linkConfirmationErrors } from '@/lib/platform/backend/error-catalogue';
import { ConfirmLink } from '@/components/email-sign-in/confirm-link';
import { EmailAddress } from '@/components/ui/email-address';
import { declineTicketFor, isLinkDeclined } from '@/lib/flows/email-sign-in/link-requests';
import { linkVerdictBeforeCheck, signInLinkQuery } from '@/lib/flows/email-sign-in/opened-link';
import { emailSignInOfPage } from '@/lib/flows/email-sign-in/wait';
import { redirectToPage } from '@/lib/platform/request/page-redirect';
import { islandText } from '@/lib/platform/i18n/island-text';
import { isLanguage } from '@/lib/platform/i18n/routing';
import { LANGUAGE_CHOICE_PARAMETER } from '@/lib/platform/pages/language-routing';
import { receivedCookies } from '@/lib/platform/request/context';
import type { LanguagePageProps } from '@/lib/platform/request/search-params';
import { isValidEmail } from '@/lib/vocabulary/validation';

/** Whether this browser is the one that asked for the link: it holds the e-mail sign-in for its uuid. */
async function askedInThisBrowser(uuid: string): Promise<boolean> {
  return (await emailSignInOfPage())?.uuid === uuid;
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
  const query = await searchParams;
  const link = signInLinkQuery.safeParse(query);
  if (!link.success) return await redirectToPage('/invalid', lang);
  // Reached by a language link: the browser that asked was signed in, or asked, in the other language already.
  const languageChosen = query[LANGUAGE_CHOICE_PARAMETER] !== undefined;
  // Said at once where this browser can tell; otherwise only the backend can, after the page has loaded.
  const verdict = await linkVerdictBeforeCheck(await receivedCookies(), link.data);
  if (verdict) return await redirectToPage(`/invalid/${verdict}`, lang);
  if (await isLinkDeclined(link.data.uuid)) return await redirectToPage('/validatelink/declined', lang);
  // Nothing here tells who asked for the link, and when: the id in this address may come without
  // its signature, which only the backend can check. The confirming action says it after that check.

  const t = await getTranslations('validateLink');
  const email = link.data.email;
  const text = {
    ...(await islandText('validateLink', [
      'heading',
      'headingWithoutScript',
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
      decline={declineSignInLink.bind(null, lang, await declineTicketFor(link.data.uuid))}
      askFirst={languageChosen || !(await askedInThisBrowser(link.data.uuid))}
      text={text}
    />
  );
}
