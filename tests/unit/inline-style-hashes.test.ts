import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inlineStyleHashes } from '@/lib/platform/pages/inline-style-hashes';

describe('inlineStyleHashes', () => {
  let directory: string;
  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), 'inline-styles-'));
  });
  afterEach(() => rmSync(directory, { recursive: true, force: true }));

  it('lists the SHA-256 of every built stylesheet, in folders too, as CSP sources, and nothing else', () => {
    mkdirSync(join(directory, 'chunks/nested'), { recursive: true });
    writeFileSync(join(directory, 'chunks/a.css'), 'body{color:red}');
    writeFileSync(join(directory, 'chunks/nested/b.css'), '.x{margin:0}');
    writeFileSync(join(directory, 'chunks/c.js'), 'console.log(1)');
    const expected = ['body{color:red}', '.x{margin:0}'].map((css) => `'sha256-${createHash('sha256').update(css).digest('base64')}'`);
    expect(inlineStyleHashes(directory).sort()).toEqual(expected.sort());
  });

  it('is empty without a build (no inline style is then allowed at all)', () => {
    expect(inlineStyleHashes(join(directory, 'missing'))).toEqual([]);
  });
});
