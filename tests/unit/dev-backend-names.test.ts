import { readFileSync } from 'node:fs';
import { isAcceptableDisplayName } from '@/dev/backend/directory';

/**
 * The READMEs tell a developer which sign-up name the development backend refuses, so that the
 * "name marked as wrong" path can be reached on purpose: each name they give as refused is
 * refused by dev/backend, and each they give as taken is taken.
 */
describe.each([
  ['README.md', 'sign-up: name entry'],
  ['dev/README.md', '`200 {autoAddToken}` (sign-up)'],
])('%s, on the names of a sign-up', (file, rowMark) => {
  const row = readFileSync(file, 'utf8')
    .split('\n')
    .find((line) => line.includes(rowMark));

  it('gives a name that is refused and one that is not, and the development backend agrees with each', () => {
    expect(row).toBeDefined();
    const refused = [...row!.matchAll(/`([^`]+)` is refused/g)].map((match) => match[1]!);
    const taken = [...row!.matchAll(/`([^`]+)` is not\b/g)].map((match) => match[1]!);
    expect(refused).not.toEqual([]);
    expect(taken).not.toEqual([]);
    for (const name of refused) expect({ name, accepted: isAcceptableDisplayName(name) }).toEqual({ name, accepted: false });
    for (const name of taken) expect({ name, accepted: isAcceptableDisplayName(name) }).toEqual({ name, accepted: true });
  });
});
