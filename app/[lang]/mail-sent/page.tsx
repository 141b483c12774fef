import { getTranslations, setRequestLocale } from 'next-intl/server';
import { continueEmailSignIn, sendLinkAgain } from '@/components/email-sign-in/actions';
import { AnotherAddressButton } from '@/components/email-sign-in/another-address-button';
import { SendAgain } from '@/components/email-sign-in/send-again';
import { SignInStatus } from '@/components/email-sign-in/sign-in-status';
import { buttonClasses } from '@/components/ui/button-styles';
import { EmailAddress } from '@/components/ui/email-address';
import { FormButton } from '@/components/ui/form-button';
import { ViewHeading } from '@/components/ui/view-heading';
import { linkSentAgoMs, readEmailSignIn, SEND_AGAIN_LOCK_MS, SIGN_IN_POLL_INTERVAL_MS } from '@/lib/email-sign-in';
import { redirectToPage } from '@/lib/request/page-redirect';
import type { Language } from '@/lib/i18n/routing';
import { webmailFor } from '@/lib/webmail';
import { headingAsTitle } from '@/lib/i18n/page-title';
import { argumentMarker } from '@/lib/i18n/argument-marker';
import { receivedCookies } from '@/lib/request/context';

export const generateMetadata = headingAsTitle('mailSent', 'heading');

export default async function MailSentPage({ params }: { params: Promise<{ lang: Language }> }) {
  const { lang } = await params;
  setRequestLocale(lang);
  const pending = await readEmailSignIn(await receivedCookies());
  if (!pending) return await redirectToPage('/', lang);

  const [t, tCommon, tErrors] = await Promise.all([getTranslations('mailSent'), getTranslations('common'), getTranslations('errors')]);
  const webmail = webmailFor(pending.email);

  return (
    <section className="space-y-5">
      <ViewHeading>{t('heading')}</ViewHeading>
      <p>
        {t.rich('body', {
          email: () => (
            <strong>
              <EmailAddress email={pending.email} />
            </strong>
          ),
        })}
      </p>
      <SignInStatus
        statusUrl="/login/api/email-sign-in/status"
        intervalMs={SIGN_IN_POLL_INTERVAL_MS}
        text={{ pending: t('waiting'), 'signed-in': t('signedIn'), expired: t('expired'), unavailable: tErrors('serviceUnavailable') }}
      />
      <noscript>
        <FormButton action={continueEmailSignIn} language={lang} label={t('continueWithoutScript')} />
      </noscript>
      {webmail && (
        <a href={webmail.url} target="_blank" rel="noopener noreferrer" className={buttonClasses('primary')}>
          {t(webmail.provider === 'gmail' ? 'openGmail' : 'openOutlook')}
          <span className="sr-only">{tCommon('opensInNewTab')}</span>
        </a>
      )}
      <SendAgain
        language={lang}
        action={sendLinkAgain}
        lockMs={SEND_AGAIN_LOCK_MS}
        sentAgoMs={linkSentAgoMs(pending)}
        text={{
          sendAgain: t('sendAgain'),
          sendingAgain: t('sendingAgain'),
          sentAgain: t('sentAgain'),
          wait30: t('wait30'),
          sendAgainLocked: t('sendAgainLocked', { seconds: argumentMarker('seconds') }),
          sentJustNow: t('sentJustNow'),
          sentAgo: t('sentAgo', { ago: argumentMarker('ago') }),
          delayAdvice: t('delayAdvice'),
        }}
      />
      <AnotherAddressButton language={lang} />
    </section>
  );
}
