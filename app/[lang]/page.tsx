import { getTranslations, setRequestLocale } from 'next-intl/server';
import { headers } from 'next/headers';
import { LocalTokenRedirect } from '@/components/arrival/local-token-redirect';
import { requestSignInLink } from '@/components/email-sign-in/actions';
import { EmailSignIn } from '@/components/email-sign-in/email-sign-in';
import { ClientMessages } from '@/components/i18n/client-messages';
import { SsoButtons } from '@/components/sso/sso-buttons';
import { ExpiringStatus } from '@/components/ui/expiring-status';
import { StatusMessage } from '@/components/ui/status-message';
import { mayAutoLogin } from '@/lib/arrival';
import { loginPageErrorMessage } from '@/lib/backend/error-catalogue';
import { getConfig } from '@/lib/config';
import { firstValues, type LanguagePageProps } from '@/lib/search-params';

export default async function LoginPage({ params, searchParams }: LanguagePageProps) {
  const { lang } = await params;
  setRequestLocale(lang);
  const [t, tErrors, query, headerList] = await Promise.all([
    getTranslations('login'),
    getTranslations('errors'),
    searchParams,
    headers(),
  ]);
  const { links } = getConfig();
  const errorMessage = loginPageErrorMessage(query.error);
  const autoLogin = mayAutoLogin({
    fetchDestination: headerList.get('sec-fetch-dest'),
    query: new URLSearchParams(firstValues(query)),
  });

  return (
    <ClientMessages namespaces={['login', 'errors', 'rateLimit', 'trialExpired', 'common']}>
      {autoLogin && <LocalTokenRedirect />}
      <EmailSignIn
        action={requestSignInLink.bind(null, lang)}
        trialExpiredLinks={{ sales: links.sales, pricing: links.pricing[lang], demo: links.demo, freeTrial: links.freeTrial }}
        header={
          <>
            <h1 className="text-2xl font-bold">{t('heading')}</h1>
            <p className="mt-2 text-muted">{t('intro')}</p>
            {errorMessage && (
              <ExpiringStatus>
                <div className="mt-4">
                  <StatusMessage tone="error">{tErrors(errorMessage)}</StatusMessage>
                </div>
              </ExpiringStatus>
            )}
          </>
        }
      >
        <div className="my-6 flex items-center gap-3 text-muted" aria-hidden="true">
          <span className="h-px flex-1 bg-line" />
          {t('or')}
          <span className="h-px flex-1 bg-line" />
        </div>
        <SsoButtons language={lang} />
        <p className="mt-6 text-sm text-muted">
          {t.rich('privacy', {
            link: (chunks) => (
              <a href={links.privacy} className="font-medium text-primary-strong underline underline-offset-2">
                {chunks}
              </a>
            ),
          })}
        </p>
      </EmailSignIn>
    </ClientMessages>
  );
}
