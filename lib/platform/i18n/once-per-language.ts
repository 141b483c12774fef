import type { Language } from './routing';

/**
 * What depends only on the language (a page's metadata), worked out on first use and then kept
 * for the life of the process. Frozen, so that no caller can change what the next one gets.
 */
export function oncePerLanguage<T extends object>(work: (language: Language) => Promise<T>): (language: Language) => Promise<T> {
  const results = new Map<Language, Promise<T>>();
  return async (language) => {
    let result = results.get(language);
    if (!result) {
      result = work(language).then(deepFreeze);
      results.set(language, result);
      // A failure is not kept: the next request tries again.
      result.catch(() => results.delete(language));
    }
    return result;
  };
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}
