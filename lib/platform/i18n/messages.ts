import en from '@/messages/en.json';
import de from '@/messages/de.json';
import nl from '@/messages/nl.json';
import type { Language } from './routing';

export type Messages = typeof en;

// Every language of the registry (languages.ts) must have exactly the keys of English: a missing
// language or key fails the type check here.
const dictionaries: Record<Language, Messages> = { en, de, nl };

export function loadMessages(language: Language): Messages {
  return dictionaries[language];
}
