import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { EmailAddress } from '@/components/ui/email-address';
import { FormButton } from '@/components/ui/form-button';
import { redirectToPage } from '@/lib/platform/request/page-redirect';
import { isLanguage, type Language } from '@/lib/platform/i18n/routing';
import { isClaimedAppLink, readAppHandOff } from '@/lib/flows/sso/app-hand-off';
import { receivedCookies } from '@/lib/platform/request/context';
import { leaveAppHandOff, openApp } from './actions';
import { OpenAppAfterDelay } from './open-app-after-delay';

const OPEN_APP_FORM = 'open-app';

/**
 * `/{lang}/<provider>/open-app`: hands a sign-in to the app that asked for it. An app's claimed
 * https address opens after 2 s; a custom scheme, which any app can claim, only when the person
 * clicks, having read whose sign-in it is (lib/flows/sso/app-hand-off.ts). The page holds no code: "Open
 * the app" posts, and the code is made then, once.
 */
export async function OpenAppPage({ params }: { params: Promise<{ lang: Language }> }) {
  const { lang } = await params;
  setRequestLocale(lang);
  const handOff = await readAppHandOff(await receivedCookies());
  if (!handOff) return await redirectToPage('/', lang);
  const t = await getTranslations('sso');

  if (isClaimedAppLink(handOff.appRedirectUri)) {
    return (
      <section className="space-y-5">
        <h1 className="text-2xl font-bold">{t('openingApp')}</h1>
        <OpenAppAfterDelay form={OPEN_APP_FORM} />
        <FormButton id={OPEN_APP_FORM} action={openApp} language={lang} label={t('openApp')} />
      </section>
    );
  }

  const { account } = handOff;
  return (
    <section className="space-y-5">
      <h1 className="text-2xl font-bold">{account ? t.rich('openAppAs', { account: () => <EmailAddress email={account} /> }) : t('openAppQuestion')}</h1>
      <p className="text-muted">{t('openAppAskBody')}</p>
      <FormButton action={openApp} language={lang} label={t('openApp')} />
      <FormButton action={leaveAppHandOff} language={lang} label={t('cancelOpenApp')} variant="quiet" />
    </section>
  );
}

/** The tab says what the page does; the address stays out of titles, which browsers keep in their history. */
export async function generateMetadata({ params }: { params: Promise<{ lang: string }> }): Promise<Metadata> {
  const { lang } = await params;
  if (!isLanguage(lang)) return {};
  const [handOff, t] = await Promise.all([readAppHandOff(await receivedCookies()), getTranslations({ locale: lang, namespace: 'sso' })]);
  return { title: handOff && !isClaimedAppLink(handOff.appRedirectUri) ? t('openAppQuestion') : t('openingApp') };
}
