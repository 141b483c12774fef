import type { Language } from '@/lib/platform/i18n/routing';
import type { Messages } from '@/lib/platform/i18n/messages';

declare module 'next-intl' {
  interface AppConfig {
    Locale: Language;
    Messages: Messages;
  }
}
