import { getTranslations, setRequestLocale } from 'next-intl/server';
import { buttonClasses } from '@/components/ui/button-styles';
import { appRedirectOf, readSsoOrganisations } from '@/lib/sso/flow-state';
import { redirectToPage } from '@/lib/request/page-redirect';
import type { Language } from '@/lib/i18n/routing';
import { appRedirectLocation } from '@/lib/sso/app-code';
import { OpenAppAfterDelay } from './open-app-after-delay';
import { receivedCookies } from '@/lib/request/context';

/** On a phone: says the app is opening, then opens it after 2 s. */
export async function OpenAppPage({ params }: { params: Promise<{ lang: Language }> }) {
  const { lang } = await params;
  setRequestLocale(lang);
  const handOff = await readSsoOrganisations(await receivedCookies());
  const organisation = handOff?.organisations[0];
  const app = handOff && appRedirectOf(handOff);
  if (!app || !organisation) return await redirectToPage('/', lang);
  const location = await appRedirectLocation(app, { token: organisation.token, subDomain: organisation.subDomain });
  const t = await getTranslations('sso');

  return (
    <section className="space-y-5">
      <h1 className="text-2xl font-bold">{t('openingApp')}</h1>
      <OpenAppAfterDelay location={location} />
      <a href={location} className={buttonClasses('primary')}>
        {t('openApp')}
      </a>
    </section>
  );
}
