import { setRequestLocale } from 'next-intl/server';
import { LoginScreen } from '@/components/email-sign-in/login-screen';
import { loginPageErrorMessage, loginPageMessageTone } from '@/lib/platform/backend/error-catalogue';
import { addressForPeople } from '@/lib/vocabulary/email-address';
import { readKeptAddress } from '@/lib/flows/email-sign-in/wait';
import { receivedCookies } from '@/lib/platform/request/context';
import type { LanguagePageProps } from '@/lib/platform/request/search-params';
import { loginPageMessageText } from '@/lib/platform/pages/login-message-template';
import { readLastSignInMethod } from '@/lib/platform/pages/login-page-variant';
import { configuredProviders, getConfig } from '@/lib/platform/settings/config';

/**
 * The login page rendered per request, under a nonce: for the requests that need the server (an
 * address kept for this browser, a message no template carries) and for every form post. Any
 * other load gets the prerendered page (`as-last-used/`), or with an `?error=` message the page
 * filled from its template (`as-template/login-message/`), chosen by proxy.ts.
 */
export default async function LoginPage({ params, searchParams }: LanguagePageProps) {
  const { lang } = await params;
  setRequestLocale(lang);
  const [query, received] = await Promise.all([searchParams, receivedCookies()]);
  const message = loginPageErrorMessage(query.error);
  const keptAddress = await readKeptAddress(received);
  return (
    <LoginScreen
      language={lang}
      lastUsed={readLastSignInMethod(received)}
      offered={configuredProviders(getConfig())}
      error={message && { text: loginPageMessageText(lang, message), tone: loginPageMessageTone(query.error) }}
      keptEmail={keptAddress && addressForPeople(keptAddress.email)}
    />
  );
}
