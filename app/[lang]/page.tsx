import { getTranslations, setRequestLocale } from 'next-intl/server';
import { headers } from 'next/headers';
import { LocalTokenRedirect } from '@/components/arrival/local-token-redirect';
import { forgetKeptAddress, requestSignInLink } from '@/components/email-sign-in/actions';
import { EmailSignIn, type EmailSignInText } from '@/components/email-sign-in/email-sign-in';
import { SsoButtons } from '@/components/sso/sso-buttons';
import { trialExpiredContent } from '@/components/trial-expired/trial-expired-content';
import { LoginPageMessage } from '@/components/ui/login-page-message';
import { LastUsedMark } from '@/components/ui/last-used-mark';
import { StatusMessage } from '@/components/ui/status-message';
import { mayAutoLogin } from '@/lib/arrival';
import { loginPageErrorMessage, loginPageMessageTone } from '@/lib/backend/error-catalogue';
import { getConfig } from '@/lib/config';
import { readKeptAddress } from '@/lib/email-sign-in';
import { argumentMarker } from '@/lib/i18n/argument-marker';
import { receivedCookies } from '@/lib/request/context';
import { firstValues, type LanguagePageProps } from '@/lib/request/search-params';
import { loginPageOrder, readLastSignInMethod } from '@/lib/sign-in-method';
import { providerById } from '@/lib/sso/providers';

export default async function LoginPage({ params, searchParams }: LanguagePageProps) {
  const { lang } = await params;
  setRequestLocale(lang);
  const [t, tErrors, tRateLimit, trialExpired, tCommon, query, headerList, received] = await Promise.all([
    getTranslations('login'),
    getTranslations('errors'),
    getTranslations('rateLimit'),
    trialExpiredContent(lang),
    getTranslations('common'),
    searchParams,
    headers(),
    receivedCookies(),
  ]);
  const { links } = getConfig();
  const errorMessage = loginPageErrorMessage(query.error);
  const messageTone = loginPageMessageTone(query.error);
  const autoLogin = mayAutoLogin({
    fetchDestination: headerList.get('sec-fetch-dest'),
    query: new URLSearchParams(firstValues(query)),
  });
  const keptAddress = await readKeptAddress(received);
  const lastUsed = readLastSignInMethod(received);
  const order = loginPageOrder(lastUsed);
  // The introduction names the methods in the order they stand.
  const intro = order.emailFirst
    ? t('intro')
    : t('providersFirstIntro', {
        providers: new Intl.ListFormat(lang, { type: 'disjunction' }).format(order.providers.map((id) => providerById(id).name)),
      });
  // Offered first when used last: the provider buttons above the form rather than below it.
  const providerButtons = <SsoButtons language={lang} providers={order.providers} lastUsed={lastUsed} />;
  const divider = (
    <div className="my-6 flex items-center gap-3 text-muted" aria-hidden="true">
      <span className="h-px flex-1 bg-line" />
      {t('or')}
      <span className="h-px flex-1 bg-line" />
    </div>
  );

  const text: EmailSignInText = {
    form: { emailLabel: t('emailLabel'), emailPlaceholder: t('emailPlaceholder'), submit: t('submit'), submitting: t('submitting') },
    emailNotValid: tErrors('emailNotValid'),
    rateLimit: {
      heading: tRateLimit('heading'),
      body: tRateLimit('body'),
      waitSeconds: tRateLimit('waitSeconds', { seconds: argumentMarker('seconds') }),
      waitMinutes: tRateLimit('waitMinutes', { minutes: argumentMarker('minutes') }),
      waitOver: tRateLimit('waitOver'),
      waitUnknown: tRateLimit('waitUnknown'),
      tryAgain: tCommon('tryAgain'),
    },
    trialExpired: trialExpired.text,
  };

  return (
    <>
      {autoLogin && <LocalTokenRedirect />}
      <EmailSignIn
        language={lang}
        initialEmail={keptAddress?.email}
        forgetKeptAddress={forgetKeptAddress}
        action={requestSignInLink}
        trialExpiredLinks={trialExpired.links}
        text={text}
        header={
          <>
            <h1 className="text-2xl font-bold">{t('heading')}</h1>
            <p className="mt-2 text-muted">{intro}</p>
            {errorMessage && (
              <LoginPageMessage tone={messageTone}>
                <div className="mt-4">
                  <StatusMessage tone={messageTone}>{tErrors(errorMessage)}</StatusMessage>
                </div>
              </LoginPageMessage>
            )}
            {!order.emailFirst && (
              <>
                <div className="mt-6">{providerButtons}</div>
                {divider}
              </>
            )}
          </>
        }
        lastUsedMark={lastUsed === 'email' && <LastUsedMark label={t('lastUsed')} />}
      >
        {order.emailFirst && (
          <>
            {divider}
            {providerButtons}
          </>
        )}
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
    </>
  );
}
