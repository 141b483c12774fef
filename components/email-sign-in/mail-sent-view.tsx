import { getTranslations } from 'next-intl/server';
import { continueEmailSignIn, enterLinkCode, sendLinkAgain } from '@/components/email-sign-in/actions';
import { LinkCodeForm } from '@/components/email-sign-in/link-code-form';
import { AnotherAddressButton } from '@/components/email-sign-in/another-address-button';
import { SendAgain } from '@/components/email-sign-in/send-again';
import { BASE_PATH, loginPagePath } from '@/lib/vocabulary/base-path';
import { SignInStatus } from '@/components/email-sign-in/sign-in-status';
import { buttonClasses } from '@/components/ui/button-styles';
import { EmailAddress } from '@/components/ui/email-address';
import { FormButton } from '@/components/ui/form-button';
import { ViewHeading } from '@/components/ui/view-heading';
import { LINK_CODE_ATTEMPTS } from '@/lib/flows/email-sign-in/link-code';
import { SEND_AGAIN_LOCK_MS } from '@/lib/flows/email-sign-in/link-lock';
import { HOLD_PARAMETER, SIGN_IN_POLL_INTERVAL_MS, type HeldState } from '@/lib/flows/email-sign-in/wait';
import type { Webmail } from '@/lib/flows/email-sign-in/webmail';
import type { Language } from '@/lib/platform/i18n/routing';
import { argumentMarker } from '@/lib/platform/i18n/argument-marker';

/**
 * The mail-sent view, one tree for both ways it is served: rendered per request
 * (app/[lang]/mail-sent/page.tsx) and prerendered as a template whose address and time are
 * filled in per request (app/[lang]/as-template/mail-sent/, lib/flows/email-sign-in/mail-sent-template.ts).
 */

type PollText = Parameters<typeof SignInStatus>[0]['text'];

const STATUS_URL = '/login/api/email-sign-in/status';
/** The same, held by the server while it would answer what the view shows (lib/flows/email-sign-in/wait.ts, emailSignInNews). */
const HELD_STATUS_URLS: Record<HeldState, string> = {
  pending: `${STATUS_URL}?${HOLD_PARAMETER}=pending`,
  'code-needed': `${STATUS_URL}?${HOLD_PARAMETER}=code-needed`,
};

/** Where a form of the view posts without script: the page itself, under either way it was served. */
function mailSentPath(language: Language): string {
  return `${BASE_PATH}/${language}/mail-sent`;
}

function declinedLocation(language: Language): string {
  return `${loginPagePath(language)}?error=link-declined`;
}

async function pollTextOf(): Promise<PollText> {
  const [t, tErrors] = await Promise.all([getTranslations('mailSent'), getTranslations('errors')]);
  return {
    pending: t('waiting'),
    'signed-in': t('signedIn'),
    expired: t('expired'),
    'code-needed': t('confirmedElsewhere'),
    declined: tErrors('linkDeclined'),
    unavailable: tErrors('serviceUnavailable'),
  };
}

/**
 * The link was confirmed in another browser: this one continues only with the code shown there
 * (docs/decisions.md, A link confirmed elsewhere). It still listens, in case this browser
 * confirms the link itself after all.
 */
export async function CodeEntryView({ language }: { language: Language }) {
  const [t, tErrors, pollText] = await Promise.all([getTranslations('mailSent'), getTranslations('errors'), pollTextOf()]);
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
        permalink={mailSentPath(language)}
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
        heldStatusUrls={HELD_STATUS_URLS}
        intervalMs={SIGN_IN_POLL_INTERVAL_MS}
        declinedLocation={declinedLocation(language)}
        codeNeeded
        text={{ ...pollText, 'code-needed': '' }}
      />
      <AnotherAddressButton language={language} />
    </section>
  );
}

/** The wait for the link: the address it went to, how long ago, the webmail shortcut, "send again". */
export async function WaitingView({ language, email, sentAgoMs, webmail }: { language: Language; email: string; sentAgoMs: number; webmail: Webmail | undefined }) {
  const [t, tCommon, pollText] = await Promise.all([getTranslations('mailSent'), getTranslations('common'), pollTextOf()]);
  const address = () => (
    <strong>
      <EmailAddress email={email} />
    </strong>
  );

  return (
    <section className="space-y-5">
      <ViewHeading>{t('heading')}</ViewHeading>
      {/* Without script the page cannot go on by itself: it says which button to press instead. */}
      <p className="noscript:hidden">{t.rich('body', { email: address })}</p>
      <noscript>
        <p>{t.rich('withoutScriptBody', { email: address })}</p>
      </noscript>
      <SignInStatus statusUrl={STATUS_URL} heldStatusUrls={HELD_STATUS_URLS} intervalMs={SIGN_IN_POLL_INTERVAL_MS} declinedLocation={declinedLocation(language)} text={pollText} />
      <noscript>
        <FormButton action={continueEmailSignIn} language={language} label={t('continueWithoutScript')} />
      </noscript>
      {webmail && (
        <a href={webmail.url} target="_blank" rel="noopener noreferrer" className={buttonClasses('primary')}>
          {t(webmail.provider === 'gmail' ? 'openGmail' : 'openOutlook')}
          <span className="sr-only">{tCommon('opensInNewTab')}</span>
        </a>
      )}
      <SendAgain
        language={language}
        action={sendLinkAgain}
        lockMs={SEND_AGAIN_LOCK_MS}
        sentAgoMs={sentAgoMs}
        permalink={mailSentPath(language)}
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
      <AnotherAddressButton language={language} />
    </section>
  );
}
