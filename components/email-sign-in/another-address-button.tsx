import { getTranslations } from 'next-intl/server';
import { FormButton } from '@/components/ui/form-button';
import type { Language } from '@/lib/platform/i18n/routing';
import { chooseAnotherAddress } from './actions';

/** The way back from the mail-sent view and from sign-up, in every flow the same words, look and action. */
export async function AnotherAddressButton({ language }: { language: Language }) {
  const t = await getTranslations('common');
  return (
    <FormButton action={chooseAnotherAddress} language={language} label={t('useAnotherAddress')} variant="quiet" />
  );
}
