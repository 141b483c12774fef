import { getTranslations } from 'next-intl/server';
import type { ErrorMessageKey } from '@/lib/platform/backend/error-catalogue';
import type { Language } from '@/lib/vocabulary/languages';

/** An error as an action returns it to its island: translated here, so islands hold no dictionary of errors. */
export async function errorText(language: Language, key: ErrorMessageKey | 'emailNotValid' | 'nameRequired'): Promise<string> {
  return (await getTranslations({ locale: language, namespace: 'errors' }))(key);
}
