import { getTranslations } from 'next-intl/server';
import { SsoLink } from '@/components/sso/sso-link';
import { buttonClasses } from '@/components/ui/button-styles';
import { LastUsedMark } from '@/components/ui/last-used-mark';
import { BASE_PATH } from '@/lib/vocabulary/base-path';
import type { Language } from '@/lib/platform/i18n/routing';
import type { SignInMethod } from '@/lib/vocabulary/sign-in-method';
import { providerById, startSegment, type ProviderId } from '@/lib/vocabulary/providers';
import { providerMark } from './provider-marks';

/**
 * A button per single sign-on provider: plain links to the start routes, which run on the server.
 * `providers` is their order; the one this browser used last is marked.
 */
export async function SsoButtons({ language, providers, lastUsed }: { language: Language; providers: ProviderId[]; lastUsed?: SignInMethod }) {
  const [t, tSso] = await Promise.all([getTranslations('login'), getTranslations('sso')]);
  return (
    <div className="space-y-3">
      {providers.map((id) => {
        const provider = providerById(id);
        const Mark = providerMark(id);
        return (
          <SsoLink
            key={id}
            href={`${BASE_PATH}/${startSegment(provider)}?lang=${language}`}
            className={`${buttonClasses('outline')} flex-wrap`}
            loadingLabel={tSso('redirecting', { provider: provider.name })}
          >
            <Mark />
            {t('signInWith', { provider: provider.name })}
            {id === lastUsed && <LastUsedMark label={t('lastUsed')} />}
          </SsoLink>
        );
      })}
    </div>
  );
}
