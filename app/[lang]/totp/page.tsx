import { headers } from 'next/headers';
import { connection } from 'next/server';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { buttonClasses } from '@/components/ui/button-styles';
import { BackToLoginLink } from '@/components/ui/back-to-login-link';
import { NoticePage } from '@/components/ui/notice-page';
import { getConfig } from '@/lib/platform/settings/config';
import type { Language } from '@/lib/platform/i18n/routing';
import { headingAsTitle } from '@/lib/platform/i18n/page-title';
import { deviceAppStore, type AppStore } from '@/lib/platform/request/user-agent';

export const generateMetadata = headingAsTitle('totp', 'heading');

/** Accounts with one-time codes sign in through the mobile app, not here. */
export default async function OneTimeCodePage({ params }: { params: Promise<{ lang: Language }> }) {
  const { lang } = await params;
  setRequestLocale(lang);
  // The links are settings of the running server, not of the build.
  await connection();
  const [t, tCommon, headerList] = await Promise.all([getTranslations('totp'), getTranslations('common'), headers()]);
  const { links } = getConfig();
  const stores: Record<AppStore, { href: string; label: string }> = {
    appStore: { href: links.appStore, label: t('appStore') },
    playStore: { href: links.playStore, label: t('playStore') },
  };
  // The device's own store leads; the other stays, quieter, for a person who reads this on another device.
  const ownStore = deviceAppStore(headerList);
  const order: AppStore[] = ownStore === 'playStore' ? ['playStore', 'appStore'] : ['appStore', 'playStore'];
  return (
    <NoticePage heading={t('heading')}>
      <p>{t('body')}</p>
      <div className="space-y-3">
        {order.map((store) => (
          <a key={store} href={stores[store].href} className={buttonClasses(!ownStore || store === ownStore ? 'primary' : 'outline')}>
            {stores[store].label}
          </a>
        ))}
        <a href={links.support} className={buttonClasses('outline')}>
          {t('support')}
        </a>
      </div>
      <BackToLoginLink language={lang} label={tCommon('backToLogin')} variant="quiet" />
    </NoticePage>
  );
}
