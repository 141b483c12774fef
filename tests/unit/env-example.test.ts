import { parseConfig, settingsSchema } from '@/lib/config';
import { PROCESS_SETTINGS, parseEnvFile, readEnvExample, readEnvExampleText } from './env-file';

// The schema's keys: exactly the names the app reads, with nothing to keep in step by hand.
function settingsOfConfig(): string[] {
  return Object.keys(settingsSchema(true).shape);
}

describe('.env.example', () => {
  const example = readEnvExample();
  const listed = Object.keys(example);

  it('lists every setting of lib/config.ts', () => {
    const settings = settingsOfConfig();
    expect(settings).toContain('BACKEND_URL');
    expect(settings.filter((name) => !listed.includes(name))).toEqual([]);
  });

  it('lists nothing but those and the settings of the server process', () => {
    const known = [...settingsOfConfig(), ...PROCESS_SETTINGS];
    expect(listed.filter((name) => !known.includes(name))).toEqual([]);
    expect(listed).toEqual(expect.arrayContaining(PROCESS_SETTINGS));
  });

  it('is a valid production configuration as it stands', () => {
    const result = parseConfig({ ...example, NODE_ENV: 'production' });
    if (!result.ok) throw new Error(`.env.example is refused:\n${result.problems.join('\n')}`);
    // Only the reminder that a multi-tenant Microsoft authority needs xms_edov or a tenant list.
    expect(result.warnings).toEqual([expect.stringMatching(/^MICROSOFT_AUTHORITY admits any tenant \(organizations\)/)]);
    expect(result.config.google).toBeDefined();
    expect(result.config.microsoft).toBeDefined();
  });

  it('says in a comment just above each variable what it is', () => {
    const lines = readEnvExampleText().split('\n');
    const uncommented = lines.filter((line, index) => /^[A-Z]/.test(line) && !lines[index - 1]?.startsWith('# '));
    expect(uncommented).toEqual([]);
  });

  it('holds placeholders, not secrets: each secret says to replace it', () => {
    for (const name of ['SESSION_SECRET', 'GOOGLE_CLIENT_SECRET', 'MICROSOFT_CLIENT_SECRET']) {
      expect(example[name]).toMatch(/^replace-with-/);
    }
  });

  it('uses only example domains for hosts of our own', () => {
    const hosts = Object.values(example)
      .flatMap((value) => value.split(','))
      .filter((value) => /^https?:\/\//.test(value))
      .map((value) => new URL(value.replace('{subDomain}', 'acme')).hostname);
    const ours = hosts.filter((host) => !/(^|\.)(google\.com|googleusercontent\.com|microsoftonline\.com|apple\.com)$/.test(host));
    expect(ours.filter((host) => !/(^|\.)example\.com$/.test(host))).toEqual([]);
  });
});

describe('parseEnvFile', () => {
  it('reads NAME=value literally, as docker run --env-file does', () => {
    expect(parseEnvFile('# note\nA=1\n\nB=x=y # not a comment\nC=\n')).toEqual({ A: '1', B: 'x=y # not a comment', C: '' });
  });

  it.each([['export A=1'], ['A = 1'], ['A=1\nA=2']])('refuses %j', (text) => {
    expect(() => parseEnvFile(text)).toThrow();
  });
});
