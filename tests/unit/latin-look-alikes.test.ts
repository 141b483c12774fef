import { readFileSync } from 'node:fs';
import { installedConfusables, LATIN_LOOK_ALIKES_PATH, latinLookAlikes, latinLookAlikesModule } from '@/dev/latin-look-alikes';
import { LATIN_LOOK_ALIKES } from '@/lib/vocabulary/latin-look-alikes';

/**
 * Issue 48, point 2: which characters look Latin comes from Unicode's confusables, not from a list
 * of our own. The table the app reads is generated; it must be what the installed data makes now,
 * so that a new version of the data cannot be installed without the table following it.
 */

describe('the table of Latin look-alikes', () => {
  it('is what npm run latin-look-alikes writes from the installed confusables now', () => {
    const { confusables, source } = installedConfusables();
    expect(readFileSync(LATIN_LOOK_ALIKES_PATH, 'utf8')).toBe(latinLookAlikesModule(confusables, source));
  });

  it('holds the Cyrillic letters of "аррӏе", and not the letters of "яндекс" no Latin one looks like', () => {
    const isLookAlike = (character: string) => new RegExp(`^[${LATIN_LOOK_ALIKES}]$`, 'u').test(character);
    expect(Array.from('аррӏе').filter(isLookAlike)).toEqual(Array.from('аррӏе'));
    expect(Array.from('ядλ').filter(isLookAlike)).toEqual([]);
    // Latin itself, and the digits every script shares, are not look-alikes of Latin.
    expect(Array.from('apple01').filter(isLookAlike)).toEqual([]);
  });

  it('takes a character whose prototype reads as Latin, and leaves one whose prototype is another script', () => {
    expect(latinLookAlikes({ 'а': 'a', 'ё': 'ë', 'п': 'π', 'ф': 'ɸ', 'ɑ': 'a' })).toEqual(['а'.codePointAt(0), 'ё'.codePointAt(0)]);
  });
});
