import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { continueEmailSignIn, enterLinkCode, sendLinkAgain } from '@/components/email-sign-in/actions';
import { LinkCodeForm } from '@/components/email-sign-in/link-code-form';
import { AnotherAddressButton } from '@/components/email-sign-in/another-address-button';
import { SendAgain } from '@/components/email-sign-in/send-again';
import { loginPagePath } from '@/lib/vocabulary/base-path';
import { SignInStatus } from '@/components/email-sign-in/sign-in-status';
import { buttonClasses } from '@/components/ui/button-styles';
import { EmailAddress } from '@/components/ui/email-address';
import { FormButton } from '@/components/ui/form-button';
import { ViewHeading } from '@/components/ui/view-heading';
import { LINK_CODE_ATTEMPTS } from '@/lib/flows/email-sign-in/link-code';
import { SEND_AGAIN_LOCK_MS } from '@/lib/flows/email-sign-in/link-lock';
import { emailSignInOfPage, linkSentAgoMs, SIGN_IN_POLL_INTERVAL_MS } from '@/lib/flows/email-sign-in/wait';
import { redirectToPage } from '@/lib/platform/request/page-redirect';
import type { Language } from '@/lib/platform/i18n/routing';
import { webmailFor } from '@/lib/flows/email-sign-in/webmail';
import { headingAsTitle } from '@/lib/platform/i18n/page-title';
import { argumentMarker } from '@/lib/platform/i18n/argument-marker';

const waitingTitle = headingAsTitle('mailSent', 'heading');
const codeTitle = headingAsTitle('mailSent', 'codeHeading');

export async function generateMetadata(props: { params: Promise<{ lang: string }> }): Promise<Metadata> {
  const pending = await emailSignInOfPage();
  return (pending?.confirmedElsewhere ? codeTitle : waitingTitle)(props);
}

type PollText = Parameters<typeof SignInStatus>[0]['text'];

/**
 * The link was confirmed in another browser: this one continues only with the code shown there
 * (docs/decisions.md, A link confirmed elsewhere). It still listens, in case this browser
 * confirms the link itself after all.
 */
async function CodeEntry({ language, pollText }: { language: Language; pollText: PollText }) {
  const [t, tErrors] = await Promise.all([getTranslations('mailSent'), getTranslations('errors')]);
  const wrong = Object.fromEntries(
    Array.from({ length: LINK_CODE_ATTEMPTS - 1 }, (_, index) => [index + 1, t('codeWrong', { triesLeft: index + 1 })]),
  );
  return (
    <section className="space-y-5">
      <h1 className="text-2xl font-bold">{t('codeHeading')}</h1>
      <p>{t('codeBody')}</p>
      <LinkCodeForm
        action={enterLinkCode}
        language={language}
        text={{
          label: t('codeLabel'),
          hint: t('codeHint'),
          submit: t('codeSubmit'),
          submitting: t('codeSubmitting'),
          malformed: t('codeMalformed'),
          unchecked: t('codeUnchecked'),
          notSent: tErrors('notSent'),
          wrong,
        }}
      />
      {/* Above, the text says already where the link was confirmed: the status stays silent until something changes. */}
      <SignInStatus
        statusUrl={STATUS_URL}
        intervalMs={SIGN_IN_POLL_INTERVAL_MS}
        declinedLocation={declinedLocation(language)}
        codeNeeded
        text={{ ...pollText, 'code-needed': '' }}
      />
      <AnotherAddressButton language={language} />
    </section>
  );
}

const STATUS_URL = '/login/api/email-sign-in/status';

function declinedLocation(language: Language): string {
  return `${loginPagePath(language)}?error=link-declined`;
}

export default async function MailSentPage({ params }: { params: Promise<{ lang: Language }> }) {
  const { lang } = await params;
  setRequestLocale(lang);
  const pending = await emailSignInOfPage();
  if (!pending) return await redirectToPage('/', lang);

  const [t, tCommon, tErrors] = await Promise.all([getTranslations('mailSent'), getTranslations('common'), getTranslations('errors')]);
  const pollText: PollText = {
    pending: t('waiting'),
    'signed-in': t('signedIn'),
    expired: t('expired'),
    'code-needed': t('confirmedElsewhere'),
    declined: tErrors('linkDeclined'),
    unavailable: tErrors('serviceUnavailable'),
  };
  if (pending.confirmedElsewhere) return <CodeEntry language={lang} pollText={pollText} />;
  const webmail = webmailFor(pending.email);
  const email = () => (
    <strong>
      <EmailAddress email={pending.email} />
    </strong>
  );

  return (
    <section className="space-y-5">
      <ViewHeading>{t('heading')}</ViewHeading>
      {/* Without script the page cannot go on by itself: it says which button to press instead. */}
      <p className="noscript:hidden">{t.rich('body', { email })}</p>
      <noscript>
        <p>{t.rich('withoutScriptBody', { email })}</p>
      </noscript>
      <SignInStatus statusUrl={STATUS_URL} intervalMs={SIGN_IN_POLL_INTERVAL_MS} declinedLocation={declinedLocation(lang)} text={pollText} />
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
          delayAdviceWithoutScript: t('delayAdviceWithoutScript'),
        }}
      />
      <AnotherAddressButton language={lang} />
    </section>
  );
}
