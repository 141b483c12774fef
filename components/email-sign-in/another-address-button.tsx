import { getTranslations } from 'next-intl/server';
import { LanguageField } from '@/components/i18n/language-field';
import { buttonClasses } from '@/components/ui/button-styles';
import type { Language } from '@/lib/i18n/routing';
import { chooseAnotherAddress } from './actions';

/** The way back from the mail-sent view and from sign-up, in every flow the same words, look and action. */
export async function AnotherAddressButton({ language }: { language: Language }) {
  const t = await getTranslations('common');
  return (
    <form action={chooseAnotherAddress}>
      <LanguageField language={language} />
      <button type="submit" className={buttonClasses('quiet')}>
        {t('useAnotherAddress')}
      </button>
    </form>
  );
}
