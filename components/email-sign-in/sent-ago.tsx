import { argumentMarker } from '@/lib/platform/i18n/argument-marker';
import { relativeTimeFormat } from '@/lib/platform/i18n/formats';
import type { Language } from '@/lib/platform/i18n/routing';

/** "The link was sent …": translated by the page on the server, `sentAgo` with `argumentMarker('ago')` where the time goes. */
export type SentAgoText = { sentJustNow: string; sentAgo: string };

const MINUTE_MS = 60_000;

/** When the link was sent, in whole minutes ("2 minutes ago", "vor 2 Minuten") in the page's language. */
export function sentAgoText(language: Language, sentAgoMs: number, text: SentAgoText): string {
  const minutes = Math.floor(sentAgoMs / MINUTE_MS);
  if (minutes < 1) return text.sentJustNow;
  return text.sentAgo.replace(argumentMarker('ago'), relativeTimeFormat(language).format(-minutes, 'minute'));
}

/**
 * A polite live region: its words change once a minute, so a screen reader says each new minute
 * after what it is reading, never the seconds that the countdown beside it counts.
 */
export function SentAgo({ language, sentAgoMs, text }: { language: Language; sentAgoMs: number; text: SentAgoText }) {
  return (
    <span aria-live="polite" aria-atomic="true">
      {sentAgoText(language, sentAgoMs, text)}
    </span>
  );
}
