import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { BackToLoginLink } from '@/components/ui/back-to-login-link';
import { buttonClasses } from '@/components/ui/button-styles';
import { EmailAddress } from '@/components/ui/email-address';
import { FormButton } from '@/components/ui/form-button';
import { redirectToPage } from '@/lib/platform/request/page-redirect';
import { isLanguage, type Language } from '@/lib/platform/i18n/routing';
import { linkPath } from '@/lib/platform/settings/links';
import { isClaimedAppLink, readAppHandOff, readAppOpened } from '@/lib/flows/sso/app-hand-off';
import { receivedCookies } from '@/lib/platform/request/context';
import { leaveAppHandOff, openApp } from './actions';
import { OpenAppAfterDelay } from './open-app-after-delay';
import { OpeningApp } from './opening-app';

const OPEN_APP_FORM = 'open-app';

/**
 * `/{lang}/<provider>/open-app`: hands a sign-in to the app that asked for it. An app's claimed
 * https address opens after 2 s; a custom scheme, which any app can claim, only when the person
 * clicks, having read whose sign-in it is (lib/flows/sso/app-hand-off.ts). The page holds no code: "Open
 * the app" posts, and the code is made then, once. Afterwards, and on every reload, the page says
 * the sign-in went to the app and what to do when no app opened: a browser without the app shows
 * nothing at all.
 */
export async function OpenAppPage({ params }: { params: Promise<{ lang: Language }> }) {
  const { lang } = await params;
  setRequestLocale(lang);
  const received = await receivedCookies();
  const handOff = await readAppHandOff(received);
  const t = await getTranslations('sso');
  if (!handOff) {
    if (!(await readAppOpened(received))) return await redirectToPage('/', lang);
    return (
      <section className="space-y-5">
        <h1 className="text-2xl font-bold">{t('appHandedOff')}</h1>
        <AppNotOpenedHelp language={lang} />
      </section>
    );
  }

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
      <OpeningApp
        form={OPEN_APP_FORM}
        text={{ opening: t('openingApp'), opened: t('appHandedOff'), notOpened: t('appDidNotOpen'), withoutScript: t('openAppNoScriptBody') }}
        help={<AppNotOpenedHelp language={lang} />}
      >
        <FormButton id={OPEN_APP_FORM} action={openApp} language={lang} label={t('openApp')} />
        <FormButton action={leaveAppHandOff} language={lang} label={t('cancelOpenApp')} variant="quiet" />
      </OpeningApp>
    </section>
  );
}

/** What to do when no app opened: install it (the stores of docs/product.md) and sign in there, or start again here. */
async function AppNotOpenedHelp({ language }: { language: Language }) {
  const [t, tStores] = await Promise.all([getTranslations('sso'), getTranslations('totp')]);
  return (
    <div className="space-y-3">
      <p>{t('appNotOpenedHelp')}</p>
      <a href={linkPath('app-store', language)} className={buttonClasses('outline')}>
        {tStores('appStore')}
      </a>
      <a href={linkPath('play-store', language)} className={buttonClasses('outline')}>
        {tStores('playStore')}
      </a>
      <BackToLoginLink language={language} label={t('startAgain')} />
    </div>
  );
}

/** The tab says what the page does; the address stays out of titles, which browsers keep in their history. */
export async function generateMetadata({ params }: { params: Promise<{ lang: string }> }): Promise<Metadata> {
  const { lang } = await params;
  if (!isLanguage(lang)) return {};
  const received = await receivedCookies();
  const [handOff, t] = await Promise.all([readAppHandOff(received), getTranslations({ locale: lang, namespace: 'sso' })]);
  if (!handOff) return { title: (await readAppOpened(received)) ? t('appHandedOff') : t('openingApp') };
  return { title: !isClaimedAppLink(handOff.appRedirectUri) ? t('openAppQuestion') : t('openingApp') };
}
