import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import en from '@/messages/en.json';

/**
 * Every message is shown somewhere: a key that no code names is dead weight in three languages,
 * and a translator keeps it current for nothing (issue 17 item 6).
 *
 * Code names a key as a string (`t('heading')`, `errorKey: 'serviceUnavailable'`) or as an
 * object's property (`{ heading: t('heading') }` picks it for an island), never by a computed
 * name, so a key counts as used when its last segment appears that way in app/, components/,
 * lib/, deploy/ (nginx's own 429 page) or proxy.ts, and its namespace appears as a string.
 */

const ROOT = process.cwd();
const SOURCE_FOLDERS = ['app', 'components', 'lib', 'deploy'];

function sourceFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

const source = [...SOURCE_FOLDERS.flatMap(sourceFiles), join(ROOT, 'proxy.ts')].map((file) => readFileSync(file, 'utf8')).join('\n');

function escaped(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function namedInCode(name: string): boolean {
  return new RegExp(`['"\`.]${escaped(name)}['"\`]|\\b${escaped(name)}\\s*[:?]`).test(source);
}

function keyPaths(messages: Record<string, unknown>, prefix: string[] = []): string[][] {
  return Object.entries(messages).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keyPaths(value as Record<string, unknown>, [...prefix, key]) : [[...prefix, key]],
  );
}

describe('message keys', () => {
  const paths = keyPaths(en);

  it('finds keys at all (the check reads the real files)', () => {
    expect(paths.length).toBeGreaterThan(50);
    expect(namedInCode('serviceUnavailable')).toBe(true);
    expect(namedInCode('aKeyNoCodeNames')).toBe(false);
  });

  it('every key of messages/en.json is named by the code', () => {
    const unused = paths.filter((path) => !namedInCode(path[path.length - 1]!) || !namedInCode(path[0]!)).map((path) => path.join('.'));
    expect(unused).toEqual([]);
  });
});
