import en from '@/messages/en.json';
import de from '@/messages/de.json';
import nl from '@/messages/nl.json';
import type { Language } from './routing';

export type Messages = typeof en;

// German and Dutch must have exactly the keys of English: a missing key fails the type check.
const dictionaries: Record<Language, Messages> = { en, de, nl };

export function loadMessages(language: Language): Messages {
  return dictionaries[language];
}
