import { getTranslations } from 'next-intl/server';
import { BackToLoginLink } from '@/components/ui/back-to-login-link';
import { EmailAddress } from '@/components/ui/email-address';
import { argumentMarker } from '@/lib/platform/i18n/argument-marker';
import { islandText } from '@/lib/platform/i18n/island-text';
import { headingAsTitle } from '@/lib/platform/i18n/page-title';
import type { Language } from '@/lib/platform/i18n/routing';
import { joinInvitation } from './actions';
import { InviteForm } from './invite-form';

/** The invite link's query is its credential: no referrer to other sites. */
export const invitationTitle = headingAsTitle('invite', 'heading', { referrer: 'same-origin' });

/**
 * An invitation's screen, rendered per request (app/[lang]/invite-user) or as its template
 * (app/[lang]/as-template/invite-user): "Join your team", the inviting organisation and the
 * invited address when the link names them in a form that can say nothing else, the name entry.
 */
export async function InviteScreen({ language, organisation, email, permalink }: { language: Language; organisation?: string; email?: string; permalink: string }) {
  const [t, tCommon, tSignUp] = await Promise.all([getTranslations('invite'), getTranslations('common'), getTranslations('signUp')]);
  const errors = await islandText('errors');
  return (
    <section>
      <h1 className="text-2xl font-bold">{t('heading')}</h1>
      <p className="mt-2 text-muted">
        {organisation ? t.rich('organisationIntro', { organisation: () => <strong className="text-ink">{organisation}</strong> }) : t('intro')}
      </p>
      <InviteForm
        action={joinInvitation.bind(null, language)}
        permalink={permalink}
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
        <BackToLoginLink language={language} label={tCommon('useAnotherAddress')} variant="quiet" />
      </div>
    </section>
  );
}
