import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { invitationTitle, InviteScreen } from '@/components/invite/invite-screen';
import { BackToLoginLink } from '@/components/ui/back-to-login-link';
import { NoticePage } from '@/components/ui/notice-page';
import { headingAsTitle } from '@/lib/platform/i18n/page-title';
import { invitationOfLink, invitationPermalink, invitingOrganisation, invitedAddressShown, isCompleteInvitation } from '@/lib/flows/invitation';
import { VIEW_QUERY_HEADER } from '@/lib/platform/pages/language-routing';
import { getConfig } from '@/lib/platform/settings/config';
import { firstValues, type LanguagePageProps } from '@/lib/platform/request/search-params';

const incompleteTitle = headingAsTitle('invite', 'incompleteHeading', { referrer: 'same-origin' });

export async function generateMetadata(props: LanguagePageProps): Promise<Metadata> {
  return (isCompleteInvitation(firstValues(await props.searchParams)) ? invitationTitle : incompleteTitle)(props);
}

/**
 * `/invite-user?email=…&inviteToken=…`: an invited colleague chooses a display name. A browser's
 * load is filled from the screen's template (lib/flows/invitation-template.ts); rendered here for
 * everything else, and after a form posted without script.
 */
export default async function InvitePage({ params, searchParams }: LanguagePageProps) {
  const { lang } = await params;
  setRequestLocale(lang);
  const inviteFields = firstValues(await searchParams);
  if (!invitationOfLink(inviteFields, getConfig().invitationForwardedFields)) {
    const [t, tCommon] = await Promise.all([getTranslations('invite'), getTranslations('common')]);
    return (
      <NoticePage heading={t('incompleteHeading')}>
        <p>{t('incompleteBody')}</p>
        <BackToLoginLink language={lang} label={tCommon('backToLogin')} />
      </NoticePage>
    );
  }
  return (
    <InviteScreen
      language={lang}
      organisation={invitingOrganisation(inviteFields)}
      email={invitedAddressShown(inviteFields)}
      permalink={invitationPermalink(lang, (await headers()).get(VIEW_QUERY_HEADER) ?? '')}
    />
  );
}
