import { getTranslations } from 'next-intl/server';
import { BackToLoginLink } from '@/components/ui/back-to-login-link';
import { buttonClasses } from '@/components/ui/button-styles';
import { NoticePage } from '@/components/ui/notice-page';
import type { Language } from '@/lib/platform/i18n/routing';
import type { AppStore } from '@/lib/platform/request/user-agent';

export type OneTimeCodeLinks = Record<AppStore | 'support', string>;

/**
 * Accounts with one-time codes sign in through the mobile app, not here. One tree for both ways
 * the view is served: rendered per request (app/[lang]/totp/page.tsx) and prerendered as a template
 * whose links are filled in by each server (app/[lang]/as-template/totp/, lib/platform/pages/one-time-code-template.ts).
 */
export async function OneTimeCodeView({ language, ownStore, links }: { language: Language; ownStore: AppStore | undefined; links: OneTimeCodeLinks }) {
  const [t, tCommon] = await Promise.all([getTranslations('totp'), getTranslations('common')]);
  const labels: Record<AppStore, string> = { appStore: t('appStore'), playStore: t('playStore') };
  // The device's own store leads; the other stays, quieter, for a person who reads this on another device.
  const order: AppStore[] = ownStore === 'playStore' ? ['playStore', 'appStore'] : ['appStore', 'playStore'];
  return (
    <NoticePage heading={t('heading')}>
      <p>{t('body')}</p>
      <div className="space-y-3">
        {order.map((store) => (
          <a key={store} href={links[store]} className={buttonClasses(!ownStore || store === ownStore ? 'primary' : 'outline')}>
            {labels[store]}
          </a>
        ))}
        <a href={links.support} className={buttonClasses('outline')}>
          {t('support')}
        </a>
      </div>
      <BackToLoginLink language={language} label={tCommon('backToLogin')} variant="quiet" />
    </NoticePage>
  );
}
