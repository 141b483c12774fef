import { parseConfig } from '@/lib/platform/settings/config';
import { settingsSchema } from '@/lib/platform/settings/schema';
import { PROCESS_SETTINGS, parseEnvFile, readEnvExample, readEnvExampleText } from './env-file';

// The schema's keys: exactly the names the app reads, with nothing to keep in step by hand.
function settingsOfConfig(): string[] {
  return Object.keys(settingsSchema(true).shape);
}

describe('.env.example', () => {
  const example = readEnvExample();
  const listed = Object.keys(example);

  it('lists every setting of lib/platform/settings/config.ts', () => {
    const settings = settingsOfConfig();
    expect(settings).toContain('BACKEND_URL');
    expect(settings.filter((name) => !listed.includes(name))).toEqual([]);
  });

  it('lists nothing but those and the settings of the server process', () => {
    const known = [...settingsOfConfig(), ...PROCESS_SETTINGS];
    expect(listed.filter((name) => !known.includes(name))).toEqual([]);
    expect(listed).toEqual(expect.arrayContaining(PROCESS_SETTINGS));
  });

  it('is a valid production configuration once its secrets are filled in, and refused until then', () => {
    expect(parseConfig({ ...example, NODE_ENV: 'production' })).toEqual({
      ok: false,
      problems: ['SESSION_SECRET', 'GOOGLE_CLIENT_SECRET', 'MICROSOFT_CLIENT_SECRET', 'REDIS_URL'].map((name) => expect.stringMatching(new RegExp(`^${name}: .*placeholder`))),
    });
    const secrets = {
      SESSION_SECRET: 'Vq3N8xJ0rZb1mKc7TfWd5yHs2GpLa9Ue4Ro6EiXt0nQ=',
      GOOGLE_CLIENT_SECRET: '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',
      MICROSOFT_CLIENT_SECRET: 'Xk98Q~bN2vL.7mFzR4tYcW1pHs6JdG0aEu3iKo5r',
      REDIS_URL: example.REDIS_URL!.replace('replace-with-the-redis-password', '9f2c7a1e5b3d8046c2e9a7f1b4d6c8e0'),
    };
    const result = parseConfig({ ...example, ...secrets, NODE_ENV: 'production' });
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
