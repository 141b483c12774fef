// The types of an imported image (the icon, app/[lang]/layout.tsx), which next-env.d.ts also
// names; that file is written by `next build`, after a clean clone's type check.
/// <reference types="next/image-types/global" />
import type { Language } from '@/lib/platform/i18n/routing';
import type { Messages } from '@/lib/platform/i18n/messages';

declare module 'next-intl' {
  interface AppConfig {
    Locale: Language;
    Messages: Messages;
  }
}
