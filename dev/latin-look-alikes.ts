/**
 * How lib/vocabulary/latin-look-alikes.ts is made from Unicode's confusables (UTS #39,
 * confusables.txt, as the unhomoglyph package ships it: each source character and the prototype
 * it is confused with). `npm run latin-look-alikes` writes the table; a unit test checks that the
 * table is what this derivation makes of the package's data now.
 */

import { readFileSync } from 'node:fs';

export const LATIN_LOOK_ALIKES_PATH = 'lib/vocabulary/latin-look-alikes.ts';

// What a reader takes for a Latin domain's label: ASCII letters and digits, with accents.
const READS_AS_LATIN = /^[A-Za-z0-9][A-Za-z0-9\p{Mn}]*$/u;
const LATIN_OR_NEUTRAL = /[\p{Script_Extensions=Latin}\p{Script_Extensions=Common}\p{Script_Extensions=Inherited}]/u;

/** The characters outside Latin whose skeleton (UTS #39) reads as Latin: Cyrillic а, р, ӏ, е and so on. */
export function latinLookAlikes(confusables: Record<string, string>): number[] {
  return Object.entries(confusables)
    .filter(([source, prototype]) => Array.from(source).length === 1 && !LATIN_OR_NEUTRAL.test(source) && READS_AS_LATIN.test(prototype.normalize('NFD')))
    .map(([source]) => source.codePointAt(0)!)
    .sort((a, b) => a - b);
}

/** The code points as a regular expression's character class body, in ranges: `\u{430}\u{435}-\u{436}`. */
export function characterClass(codePoints: number[]): string {
  const ranges: [number, number][] = [];
  for (const codePoint of codePoints) {
    const last = ranges.at(-1);
    if (last && last[1] === codePoint - 1) last[1] = codePoint;
    else ranges.push([codePoint, codePoint]);
  }
  const escaped = (codePoint: number) => `\\u{${codePoint.toString(16)}}`;
  return ranges.map(([first, last]) => (first === last ? escaped(first) : `${escaped(first)}-${escaped(last)}`)).join('');
}

export function latinLookAlikesModule(confusables: Record<string, string>, source: string): string {
  const codePoints = latinLookAlikes(confusables);
  return `// Written by \`npm run latin-look-alikes\` (dev/latin-look-alikes.ts) from ${source}: do not edit.
// The ${codePoints.length} characters outside Latin whose confusables skeleton reads as Latin letters or digits.
export const LATIN_LOOK_ALIKES = '${characterClass(codePoints)}';
`;
}

/** The confusables as the installed package ships them, and a line naming where they came from. */
export function installedConfusables(): { confusables: Record<string, string>; source: string } {
  const read = (file: string) => JSON.parse(readFileSync(`node_modules/unhomoglyph/${file}`, 'utf8')) as unknown;
  const { version } = read('package.json') as { version: string };
  return { confusables: read('data.json') as Record<string, string>, source: `unhomoglyph ${version} (Unicode's confusables.txt)` };
}
