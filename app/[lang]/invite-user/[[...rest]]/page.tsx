import { getTranslations, setRequestLocale } from 'next-intl/server';
import { joinInvitation } from '@/components/invite/actions';
import { InviteForm } from '@/components/invite/invite-form';
import { EmailAddress } from '@/components/ui/email-address';
import { firstValues, type LanguagePageProps } from '@/lib/request/search-params';
import { headingAsTitle } from '@/lib/i18n/page-title';
import { islandText } from '@/lib/i18n/island-text';
import { isValidEmail } from '@/lib/validation';

// The invite link's query is its credential: no referrer to other sites.
export const generateMetadata = headingAsTitle('invite', 'heading', { referrer: 'same-origin' });

/** `/invite-user?email=…&inviteToken=…`: an invited colleague chooses a display name. */
export default async function InvitePage({ params, searchParams }: LanguagePageProps) {
  const { lang } = await params;
  setRequestLocale(lang);
  const inviteFields = firstValues(await searchParams);
  const t = await getTranslations('invite');

  return (
    <section>
      <h1 className="text-2xl font-bold">{t('heading')}</h1>
      <p className="mt-2 text-muted">{t('intro')}</p>
      {/* The invitation's own text, shown only when it has the form of an address. */}
      {inviteFields.email && isValidEmail(inviteFields.email) && (
        <p className="mt-4 font-medium">
          <EmailAddress email={inviteFields.email} />
        </p>
      )}
      <InviteForm
        action={joinInvitation.bind(null, lang, inviteFields)}
        text={{
          ...(await islandText('invite', ['nameLabel', 'nameRule', 'nameRequired', 'invalidInvite', 'submit', 'submitting'])),
          errors: await islandText('errors'),
        }}
      />
    </section>
  );
}
