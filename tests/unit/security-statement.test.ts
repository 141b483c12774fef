import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * SECURITY.md says only what a test shows (issue 48): every test it cites as `file` › "name"
 * is a test or group of that file with exactly that title (a title written as a template is cited
 * as it is written, `${…}` and all), every requirement that holds cites one, and the counts it
 * states are the counts of its rows.
 */

const root = resolve(__dirname, '../..');

type Citation = { file: string; name: string };

const CITATION = /`(tests\/[^`\s]+\.(?:spec|test)\.tsx?)` › "([^"]+)"/g;

export function citationsIn(text: string): Citation[] {
  return [...text.matchAll(CITATION)].map((match) => ({ file: match[1]!, name: match[2]! }));
}

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', '0': '\0' };

/** The string literal opening at `source[start]` (a quote or a backtick), as its title reads. */
function literalAt(source: string, start: number): string {
  const quote = source[start]!;
  let text = '';
  let depth = 0;
  for (let index = start + 1; index < source.length; index += 1) {
    const character = source[index]!;
    if (character === '\\' && depth === 0) {
      const next = source[index + 1]!;
      text += quote === '`' && next !== '`' && next !== '\\' ? character + next : (ESCAPES[next] ?? next);
      index += 1;
    } else if (quote === '`' && character === '$' && source[index + 1] === '{' && depth === 0) {
      depth = 1;
      text += '${';
      index += 1;
    } else if (depth > 0) {
      if (character === '{') depth += 1;
      if (character === '}') depth -= 1;
      text += character;
    } else if (character === quote) {
      return text;
    } else {
      text += character;
    }
  }
  return text;
}

/** The titles of the tests and groups of a test file: `test(…)`, `it(…)`, `describe(…)` and their modifiers. */
export function titlesOf(source: string): Set<string> {
  const titles = new Set<string>();
  for (const match of source.matchAll(/\b(?:test|it|describe)(?:\.(?:describe|serial|only|skip|fixme|fail|slow|concurrent))*\(\s*(['"`])/g)) {
    titles.add(literalAt(source, match.index + match[0].length - 1));
  }
  return titles;
}

/** The citations of `markdown` whose file is missing or has no test of that title, each said in one line. */
export function unbackedCitations(markdown: string, readTestFile: (file: string) => string | undefined): string[] {
  return citationsIn(markdown).flatMap(({ file, name }) => {
    const source = readTestFile(file);
    if (source === undefined) return [`${file}: no such file`];
    return titlesOf(source).has(name) ? [] : [`${file} › "${name}": no test of this title`];
  });
}

const STATUSES = ['Holds', 'Departure (argued)', 'Not applicable', 'Does not hold'] as const;
type Status = (typeof STATUSES)[number];
type Row = { requirement: string; status: Status | string; cells: string[] };

/** The rows of the requirement tables: `| v5.0.0-x.y.z … | status | how | test |`. */
export function requirementRows(markdown: string): Row[] {
  return markdown
    .split('\n')
    .filter((line) => /^\|\s*v5\.0\.0-\d+\.\d+\.\d+\b/.test(line))
    .map((line) => {
      const cells = line.replace(/^\|/, '').replace(/\|\s*$/, '').split(/(?<!\\)\|/).map((cell) => cell.trim());
      return { requirement: /v5\.0\.0-\d+\.\d+\.\d+/.exec(cells[0]!)![0], status: cells[1]!.replace(/\*/g, ''), cells };
    });
}

function readTestFile(file: string): string | undefined {
  const path = join(root, file);
  return existsSync(path) ? readFileSync(path, 'utf8') : undefined;
}

describe('the checker of SECURITY.md', () => {
  it('finds the titles of tests and groups as written, template or escaped', () => {
    const source = [
      "test('a plain title', async () => {});",
      'it("the browser\'s own \\"quote\\"", () => {});',
      "test.describe('a group of Node\\'s', () => {});",
      'test(`${provider}: refused in ${language ? `en` : "de"}`, async () => {});',
      "test.describe.serial('serial group', () => {});",
    ].join('\n');
    expect([...titlesOf(source)]).toEqual([
      'a plain title',
      'the browser\'s own "quote"',
      "a group of Node's",
      '${provider}: refused in ${language ? `en` : "de"}',
      'serial group',
    ]);
  });

  it('catches a made-up name and a missing file beside a real citation (the control)', () => {
    const markdown = [
      '| v5.0.0-3.4.1 | Holds | HSTS | `tests/unit/security-headers.test.ts` › "keep the site in HTTPS for a year, out of frames, unsniffed and without referrers to other sites" |',
      '| v5.0.0-3.4.2 | Holds | made up | `tests/unit/security-headers.test.ts` › "sends no CORS header to anyone" |',
      '| v5.0.0-3.4.3 | Holds | gone | `tests/e2e/no-such.spec.ts` › "anything" |',
    ].join('\n');
    expect(unbackedCitations(markdown, readTestFile)).toEqual([
      'tests/unit/security-headers.test.ts › "sends no CORS header to anyone": no test of this title',
      'tests/e2e/no-such.spec.ts: no such file',
    ]);
  });
});

describe('SECURITY.md, the ASVS 5.0 Level 2 statement', () => {
  const markdown = readFileSync(join(root, 'SECURITY.md'), 'utf8');
  const rows = requirementRows(markdown);

  it('cites only tests that exist, by their exact title', () => {
    expect(citationsIn(markdown).length).toBeGreaterThan(50);
    expect(unbackedCitations(markdown, readTestFile)).toEqual([]);
  });

  it('gives each requirement once, with one of the four statuses', () => {
    expect(rows.length).toBeGreaterThan(100);
    const requirements = rows.map((row) => row.requirement);
    expect(requirements.filter((requirement, index) => requirements.indexOf(requirement) !== index)).toEqual([]);
    expect(rows.filter((row) => !STATUSES.includes(row.status as Status)).map((row) => `${row.requirement}: ${row.status}`)).toEqual([]);
  });

  it('backs every requirement that holds with a test', () => {
    const unbacked = rows.filter((row) => row.status === 'Holds' && citationsIn(row.cells.slice(2).join(' | ')).length === 0);
    expect(unbacked.map((row) => row.requirement)).toEqual([]);
  });

  it('states the counts of its rows', () => {
    const count = (status: Status) => rows.filter((row) => row.status === status).length;
    const stated = /\*\*(\d+) requirements\*\*: (\d+) hold, (\d+) departures? \(argued\), (\d+) not applicable, (\d+) do(?:es)? not hold/.exec(markdown);
    expect(stated?.slice(1).map(Number)).toEqual([rows.length, count('Holds'), count('Departure (argued)'), count('Not applicable'), count('Does not hold')]);
  });
});
