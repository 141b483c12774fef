import { getTranslations } from 'next-intl/server';
import { EmailAddress } from '@/components/ui/email-address';
import { linkConfirmationErrors } from '@/lib/platform/backend/error-catalogue';
import { islandText } from '@/lib/platform/i18n/island-text';
import { headingAsTitle } from '@/lib/platform/i18n/page-title';
import type { Language } from '@/lib/platform/i18n/routing';
import { confirmSignInLink, declineSignInLink } from './confirm-link-action';
import { ConfirmLink } from './confirm-link';

// The link's address carries its signature: it must not leak to other sites as a referrer. Not
// 'no-referrer', which would also blank the Origin of the form's own POST and fail Next's check.
const titles = {
  ask: headingAsTitle('validateLink', 'askHeading', { referrer: 'same-origin' }),
  atOnce: headingAsTitle('validateLink', 'heading', { referrer: 'same-origin' }),
};

/** Titled as the screen's first heading: the question where it asks first, else that the link is being checked. */
export function linkPageMetadata(askFirst: boolean, params: Promise<{ lang: string }>) {
  return titles[askFirst ? 'ask' : 'atOnce']({ params });
}

/**
 * An opened sign-in link's screen, rendered per request (app/[lang]/validatelink) or as its
 * template (app/[lang]/as-template/validatelink): the same words and actions either way.
 * `email`, the link's address where it has the form of one (the link's text is the backend's);
 * `declineTicket`, what "I did not ask for this" posts, sealed for this link (link-requests.ts).
 */
export async function LinkPageScreen({ language, askFirst, email, permalink, declineTicket }: { language: Language; askFirst: boolean; email: string | undefined; permalink: string; declineTicket: string }) {
  const t = await getTranslations('validateLink');
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
    askBody:
      email === undefined
        ? t('askBodyWithoutAddress')
        : t.rich('askBody', {
            email: () => (
              <strong>
                <EmailAddress email={email} />
              </strong>
            ),
          }),
    errors: await islandText('errors', linkConfirmationErrors),
  };
  return (
    <ConfirmLink
      action={confirmSignInLink.bind(null, language)}
      permalink={permalink}
      decline={declineSignInLink.bind(null, language, declineTicket)}
      askFirst={askFirst}
      text={text}
    />
  );
}
