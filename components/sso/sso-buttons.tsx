import { getTranslations } from 'next-intl/server';
import type { ReactElement } from 'react';
import { SsoLink } from '@/components/sso/sso-link';
import { buttonClasses } from '@/components/ui/button-styles';
import { LastUsedMark } from '@/components/ui/last-used-mark';
import type { Language } from '@/lib/i18n/routing';
import type { SignInMethod } from '@/lib/sign-in-method';
import type { SsoProvider } from '@/lib/sso/providers';

function GoogleMark() {
  return (
    <svg viewBox="0 0 48 48" className="size-5" aria-hidden="true">
      <path fill="#EA4335" d="M24 9.5c3.5 0 6.6 1.2 9 3.5l6.7-6.7C35.6 2.4 30.2 0 24 0 14.6 0 6.6 5.4 2.7 13.2l7.8 6.1C12.4 13.7 17.7 9.5 24 9.5z" />
      <path fill="#4285F4" d="M46.5 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.7c-.6 3-2.3 5.5-4.8 7.2l7.5 5.8c4.4-4.1 7.1-10.1 7.1-17.5z" />
      <path fill="#FBBC05" d="M10.5 28.7A14.5 14.5 0 0 1 9.5 24c0-1.6.3-3.2.8-4.7l-7.8-6.1A24 24 0 0 0 0 24c0 3.9.9 7.5 2.6 10.8l7.9-6.1z" />
      <path fill="#34A853" d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.5-5.8c-2.1 1.4-4.9 2.3-8.4 2.3-6.3 0-11.6-4.2-13.5-9.9l-7.9 6.1C6.5 42.6 14.6 48 24 48z" />
    </svg>
  );
}

function MicrosoftMark() {
  return (
    <svg viewBox="0 0 21 21" className="size-5" aria-hidden="true">
      <rect x="1" y="1" width="9" height="9" fill="#f25022" />
      <rect x="11" y="1" width="9" height="9" fill="#7fba00" />
      <rect x="1" y="11" width="9" height="9" fill="#00a4ef" />
      <rect x="11" y="11" width="9" height="9" fill="#ffb900" />
    </svg>
  );
}

const providerButtons = {
  google: { Mark: GoogleMark, name: 'Google' },
  microsoft: { Mark: MicrosoftMark, name: 'Microsoft' },
} as const satisfies Record<SsoProvider, { Mark: () => ReactElement; name: string }>;

/**
 * Sign-in with Google or Microsoft: plain links to the start routes, which run on the server.
 * `providers` is their order; the one this browser used last is marked.
 */
export async function SsoButtons({ language, providers, lastUsed }: { language: Language; providers: SsoProvider[]; lastUsed?: SignInMethod }) {
  const [t, tSso] = await Promise.all([getTranslations('login'), getTranslations('sso')]);
  return (
    <div className="space-y-3">
      {providers.map((provider) => {
        const { Mark, name } = providerButtons[provider];
        return (
          <SsoLink
            key={provider}
            href={`/login/start-${provider}?lang=${language}`}
            className={`${buttonClasses('outline')} flex-wrap`}
            loadingLabel={tSso('redirecting', { provider: name })}
          >
            <Mark />
            {t(provider)}
            {provider === lastUsed && <LastUsedMark label={t('lastUsed')} />}
          </SsoLink>
        );
      })}
    </div>
  );
}
