import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { MAKE_A_SECRET } from '@/lib/platform/settings/schema';

/**
 * One way to make a secret, named the same wherever an operator or a refusal reads it: the
 * README, docs/, deploy/, dev/, the examples, the settings (their descriptions and the reference
 * written from them) and the end-to-end specs that read the refusals.
 */
describe('the command that makes a secret', () => {
  const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', 'README.md', 'SECURITY.md', 'docs', 'deploy', 'dev', '.env.example', 'lib/platform/settings', 'tests/e2e'], {
    encoding: 'utf8',
  })
    .split('\n')
    .filter((file) => /\.(md|ts|mjs|example|yaml|yml|conf)$/.test(file));
  const named = files.flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/openssl rand(?: -[A-Za-z0-9]+)*(?: \d+)?/g)].map((match) => `${file}: ${match[0]}`));

  it('is openssl rand -hex 32 everywhere', () => {
    expect(MAKE_A_SECRET).toBe('openssl rand -hex 32');
    expect(named.filter((mention) => !mention.endsWith(`: ${MAKE_A_SECRET}`))).toEqual([]);
  });

  it('is named in the README or docs, the examples, the settings and the refusals the specs read (positive control)', () => {
    const where = new Set(named.map((mention) => mention.split('/')[0]!.split(':')[0]));
    expect([...where]).toEqual(expect.arrayContaining(['.env.example', 'docs', 'deploy', 'lib', 'tests']));
  });
});
