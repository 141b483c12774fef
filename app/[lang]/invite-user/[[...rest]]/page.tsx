import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { joinInvitation } from '@/components/invite/actions';
import { InviteForm } from '@/components/invite/invite-form';
import { BackToLoginLink } from '@/components/ui/back-to-login-link';
import { EmailAddress } from '@/components/ui/email-address';
import { NoticePage } from '@/components/ui/notice-page';
import { argumentMarker } from '@/lib/platform/i18n/argument-marker';
import { islandText } from '@/lib/platform/i18n/island-text';
import { headingAsTitle } from '@/lib/platform/i18n/page-title';
import { invitationOfLink, invitingOrganisation, isCompleteInvitation } from '@/lib/flows/invitation';
import { getConfig } from '@/lib/platform/settings/config';
import { firstValues, type LanguagePageProps } from '@/lib/platform/request/search-params';
import { isValidEmail } from '@/lib/vocabulary/validation';

// The invite link's query is its credential: no referrer to other sites.
const invitationTitle = headingAsTitle('invite', 'heading', { referrer: 'same-origin' });
const incompleteTitle = headingAsTitle('invite', 'incompleteHeading', { referrer: 'same-origin' });

export async function generateMetadata(props: LanguagePageProps): Promise<Metadata> {
  return (isCompleteInvitation(firstValues(await props.searchParams)) ? invitationTitle : incompleteTitle)(props);
}

/** `/invite-user?email=…&inviteToken=…`: an invited colleague chooses a display name. */
export default async function InvitePage({ params, searchParams }: LanguagePageProps) {
  const { lang } = await params;
  setRequestLocale(lang);
  const inviteFields = firstValues(await searchParams);
  const [t, tCommon, tSignUp] = await Promise.all([getTranslations('invite'), getTranslations('common'), getTranslations('signUp')]);

  const invitation = invitationOfLink(inviteFields, getConfig().invitationForwardedFields);
  if (!invitation) {
    return (
      <NoticePage heading={t('incompleteHeading')}>
        <p>{t('incompleteBody')}</p>
        <BackToLoginLink language={lang} label={tCommon('backToLogin')} />
      </NoticePage>
    );
  }

  const errors = await islandText('errors');
  const organisation = invitingOrganisation(inviteFields);
  // The invitation's own text, shown only when it has the form of an address.
  const email = inviteFields.email && isValidEmail(inviteFields.email) ? inviteFields.email : undefined;
  return (
    <section>
      <h1 className="text-2xl font-bold">{t('heading')}</h1>
      <p className="mt-2 text-muted">
        {organisation ? t.rich('organisationIntro', { organisation: () => <strong className="text-ink">{organisation}</strong> }) : t('intro')}
      </p>
      <InviteForm
        action={joinInvitation.bind(null, lang, invitation)}
        email={email && <EmailAddress email={email} />}
        text={{
          ...(await islandText('invite', ['nameLabel', 'nameHint', 'nameRequired', 'nameApostrophe', 'nameQuotationMark', 'invalidInvite', 'submit', 'submitting'])),
          nameCharacter: t('nameCharacter', { character: argumentMarker('character') }),
          emailLabel: tSignUp('emailLabel'),
          notSent: errors.notSent,
          errors,
        }}
      />
      <div className="mt-5">
        <BackToLoginLink language={lang} label={tCommon('useAnotherAddress')} variant="quiet" />
      </div>
    </section>
  );
}
