import { getTranslations } from 'next-intl/server';
import { LocalTokenRedirect } from '@/components/arrival/local-token-redirect';
import { forgetKeptAddress, requestSignInLink } from '@/components/email-sign-in/actions';
import { EmailSignIn, type EmailSignInText } from '@/components/email-sign-in/email-sign-in';
import { SsoButtons } from '@/components/sso/sso-buttons';
import { eitherOfFormat } from '@/lib/platform/i18n/formats';
import { trialExpiredContent } from '@/components/trial-expired/trial-expired-content';
import { LoginPageMessage } from '@/components/ui/login-page-message';
import { LastUsedMark } from '@/components/ui/last-used-mark';
import { StatusMessage } from '@/components/ui/status-message';
import { ViewHeading } from '@/components/ui/view-heading';
import { withoutBreakAfterSingleLetter } from '@/components/ui/without-break-after-single-letter';
import { loginPagePath } from '@/lib/vocabulary/base-path';
import type { Language } from '@/lib/platform/i18n/routing';
import { linkPath } from '@/lib/platform/settings/links';
import { loginPageOrder, type SignInMethod } from '@/lib/vocabulary/sign-in-method';
import { providerById, type ProviderId } from '@/lib/vocabulary/providers';

export type LoginScreenProps = {
  language: Language;
  /** The method this browser signed in with last: offered first and marked. */
  lastUsed: SignInMethod | undefined;
  /** The providers this deployment offers; none: no single sign-on at all. */
  offered: readonly ProviderId[];
  /** The `?error=` the page was sent with, as loginPageMessageText words it: rendered per request, or a template's sentinel. */
  error?: { text: string; tone: 'error' | 'info' };
  /** Rendered per request only: the address this browser came back with, shown once. */
  keptEmail?: string;
};

/**
 * The login page (docs/product.md, The login page). It reads nothing from the request itself:
 * prerendered once per language, last-used method and set of offered providers
 * (`app/[lang]/as-last-used/`), prerendered once more per tone of message as a template that
 * proxy.ts fills with the message (`app/[lang]/as-template/login-message/`), or rendered per
 * request with a kept address (`app/[lang]/page.tsx`); proxy.ts chooses.
 */
export async function LoginScreen({ language, lastUsed, offered, error, keptEmail }: LoginScreenProps) {
  const [t, tErrors, tCommon, trialExpired] = await Promise.all([
    getTranslations({ locale: language, namespace: 'login' }),
    getTranslations({ locale: language, namespace: 'errors' }),
    getTranslations({ locale: language, namespace: 'common' }),
    trialExpiredContent(language),
  ]);
  const order = loginPageOrder(lastUsed, offered);
  // The introduction names the methods in the order they stand.
  const intro = order.emailFirst
    ? t('intro')
    : t('providersFirstIntro', {
        providers: eitherOfFormat(language).format(order.providers.map((id) => providerById(id).name)),
      });
  // Offered first when used last: the provider buttons above the form rather than below it.
  const providerButtons = <SsoButtons language={language} providers={order.providers} lastUsed={lastUsed} />;
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
    notSent: tErrors('notSent'),
    trialExpired: trialExpired.text,
  };

  return (
    <>
      {/* It decides in the browser whether this visit may sign in by itself (?from=, a frame). */}
      <LocalTokenRedirect />
      <EmailSignIn
        language={language}
        initialEmail={keptEmail}
        forgetKeptAddress={forgetKeptAddress}
        action={requestSignInLink}
        permalink={loginPagePath(language)}
        trialExpiredLinks={trialExpired.links}
        text={text}
        header={
          <>
            <ViewHeading>{t('heading')}</ViewHeading>
            <p className="mt-2 text-muted">{withoutBreakAfterSingleLetter(intro)}</p>
            {error && (
              <LoginPageMessage tone={error.tone} dismissLabel={tCommon('dismiss')}>
                <div className="mt-4">
                  <StatusMessage tone={error.tone}>{withoutBreakAfterSingleLetter(error.text)}</StatusMessage>
                </div>
              </LoginPageMessage>
            )}
            {!order.emailFirst && order.providers.length > 0 && (
              <>
                <div className="mt-6">{providerButtons}</div>
                {divider}
              </>
            )}
          </>
        }
        lastUsedMark={lastUsed === 'email' && <LastUsedMark label={t('lastUsed')} />}
      >
        {order.emailFirst && order.providers.length > 0 && (
          <>
            {divider}
            {providerButtons}
          </>
        )}
        <p className="mt-6 text-sm text-muted">
          {t.rich('privacy', {
            link: (chunks) => (
              <a href={linkPath('privacy', language)} className="font-medium text-link underline underline-offset-2">
                {chunks}
              </a>
            ),
          })}
        </p>
      </EmailSignIn>
    </>
  );
}
