import { getTranslations, setRequestLocale } from 'next-intl/server';
import { LanguageField } from '@/components/i18n/language-field';
import { buttonClasses } from '@/components/ui/button-styles';
import { FormButton } from '@/components/ui/form-button';
import { ViewHeading } from '@/components/ui/view-heading';
import { readSsoOrganisationChosen, readSsoOrganisations } from '@/lib/flows/sso/flow-state';
import { redirectToPage } from '@/lib/platform/request/page-redirect';
import type { Language } from '@/lib/platform/i18n/routing';
import { organisationLabel } from '@/lib/flows/sso/organisation-picker';
import { chooseOrganisation, leavePicker } from './actions';
import { requestContext } from '@/lib/platform/request/context';

/** `/{lang}/google/organisations`, `/{lang}/microsoft/organisations`: plain forms, no script needed. */
export async function OrganisationPickerPage({ params }: { params: Promise<{ lang: Language }> }) {
  const { lang } = await params;
  setRequestLocale(lang);
  const { received, host } = await requestContext();
  const offered = await readSsoOrganisations(received);
  if (!offered) {
    // Back after a choice (an organisation, or the picker's own Back): the login page, calm and
    // without sending the person straight back to where they came from. Otherwise the sign-in was interrupted.
    if (await readSsoOrganisationChosen(received)) return await redirectToPage({ pathname: '/', query: { from: 'picker' } }, lang);
    return await redirectToPage({ pathname: '/', query: { error: 'sso-start-again' } }, lang);
  }
  return <OrganisationPicker language={lang} organisations={offered.organisations.map((organisation) => ({ subDomain: organisation.subDomain, label: organisationLabel(organisation, host) }))} />;
}

/**
 * The picker itself: rendered per request for the organisations of this sign-in, or prerendered
 * with a sentinel one as the template proxy.ts fills (lib/flows/sso/picker-template.ts).
 */
export async function OrganisationPicker({ language, organisations }: { language: Language; organisations: { subDomain: string; label: string }[] }) {
  const [t, tCommon] = await Promise.all([getTranslations({ locale: language, namespace: 'sso' }), getTranslations({ locale: language, namespace: 'common' })]);

  return (
    <section className="space-y-5">
      <ViewHeading>{t('pickerHeading')}</ViewHeading>
      <p className="text-muted">{t('pickerIntro')}</p>
      <form action={chooseOrganisation}>
        <LanguageField language={language} />
        <ul className="space-y-3">
          {organisations.map((organisation) => (
            <li key={organisation.subDomain}>
              <button type="submit" name="organisation" value={organisation.subDomain} className={buttonClasses('outline')}>
                {organisation.label}
              </button>
            </li>
          ))}
        </ul>
      </form>
      <FormButton action={leavePicker} language={language} label={tCommon('back')} variant="quiet" />
    </section>
  );
}
