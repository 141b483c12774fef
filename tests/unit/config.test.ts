import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { join } from 'node:path';
import { parseConfig, type ConfigResult } from '@/lib/platform/settings/config';
import { providerIds } from '@/lib/vocabulary/providers';
import { parseEnvFile, readEnvExample } from './env-file';

const validProduction = {
  NODE_ENV: 'production',
  BACKEND_URL: 'https://api.example.com',
  APP_DOMAINS: 'example.com',
  // Made as the refusals say: openssl rand -hex 32.
  SESSION_SECRET: '34d569a27a49c9938cd535225516236a7c34f9b1bf68373a66328b6fcb09e890',
};

function problemsOf(result: ConfigResult): string[] {
  if (result.ok) throw new Error('expected the configuration to be refused');
  return result.problems;
}

function configOf(result: ConfigResult) {
  if (!result.ok) throw new Error(`expected a valid configuration, got:\n${result.problems.join('\n')}`);
  return result;
}

describe('parseConfig in production', () => {
  it('accepts a complete environment without warnings', () => {
    const { config, warnings } = configOf(parseConfig(validProduction));
    expect(config.backendUrl).toBe('https://api.example.com');
    expect(config.appDomains).toEqual(['example.com']);
    expect(warnings).toEqual([]);
  });

  it.each([
    ['nothing set', { NODE_ENV: 'production' }],
    ['every setting an empty string', { NODE_ENV: 'production', BACKEND_URL: '', APP_DOMAINS: '', SESSION_SECRET: '' }],
  ])('with %s, reports one line per required setting, each naming it', (_case, environment) => {
    const problems = problemsOf(parseConfig(environment));
    expect(problems).toHaveLength(3);
    for (const name of ['BACKEND_URL', 'APP_DOMAINS', 'SESSION_SECRET']) {
      expect(problems.filter((line) => line.startsWith(`${name}:`))).toEqual([expect.stringMatching(/required/)]);
    }
  });

  it('says what a missing required setting looks like', () => {
    const problems = problemsOf(parseConfig({ NODE_ENV: 'production' }));
    expect(problems).toEqual([
      expect.stringMatching(/^BACKEND_URL: required in production, e\.g\. https:\/\/api\.example\.com\b/),
      expect.stringMatching(/^APP_DOMAINS: required in production, e\.g\. example\.com\b/),
      expect.stringMatching(/^SESSION_SECRET: required in production, at least 32 characters, e\.g\. the output of openssl rand -hex 32$/),
    ]);
    // Each example is itself a value the check accepts: openssl's output, as the line says.
    const examples = { BACKEND_URL: 'https://api.example.com', APP_DOMAINS: 'example.com', SESSION_SECRET: 'p1JfT0q8vQmOe3fNw7yIuzRkXc2Lb9sGaHd5Vt4YnE6rZWx0oKiUjBlMhCgAsP1D' };
    expect(configOf(parseConfig({ NODE_ENV: 'production', ...examples })).config.backendUrl).toBe('https://api.example.com');
  });

  it.each([
    ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
    ['GOOGLE_CLIENT_SECRET', 'GOOGLE_CLIENT_ID'],
    ['MICROSOFT_CLIENT_ID', 'MICROSOFT_CLIENT_SECRET'],
    ['MICROSOFT_CLIENT_SECRET', 'MICROSOFT_CLIENT_ID'],
  ])('refuses %s without %s, in one line naming the missing one', (set, missing) => {
    // Values as a provider issues them, which the secrets' own rules let pass.
    const [value, other] = ['kD9-q2Lm_7vX4bWz', 'Rk2v9XQmL7pT4bWz8sYc'];
    expect(problemsOf(parseConfig({ ...validProduction, [set]: value }))).toEqual([`${missing}: required when ${set} is set`]);
    // An empty value is unset, as everywhere else.
    expect(problemsOf(parseConfig({ ...validProduction, [set]: value, [missing]: '' }))).toEqual([`${missing}: required when ${set} is set`]);
    expect(configOf(parseConfig({ ...validProduction, [set]: value, [missing]: other })).ok).toBe(true);
  });

  it('starts without a provider when neither its id nor its secret is set', () => {
    const { config } = configOf(parseConfig(validProduction));
    expect([config.google, config.microsoft]).toEqual([undefined, undefined]);
  });

  it('names a half-configured provider beside the other problems, not instead of them', () => {
    const problems = problemsOf(parseConfig({ NODE_ENV: 'production', GOOGLE_CLIENT_ID: 'client' }));
    expect(problems).toHaveLength(4);
    expect(problems).toContain('GOOGLE_CLIENT_SECRET: required when GOOGLE_CLIENT_ID is set');
  });

  it.each([
    ['SESSION_SECRET', 'only-20-characters!!', /^SESSION_SECRET: .*32 characters/],
    ['BACKEND_URL', 'not a url', /^BACKEND_URL: .*URL/],
    ['BACKEND_URL', 'ftp://api.example.com', /^BACKEND_URL: .*http/],
    ['APP_DOMAINS', 'exa mple.com', /^APP_DOMAINS: .*domain name/],
    ['APP_DOMAINS', 'https://x.com', /^APP_DOMAINS: .*domain name/],
    ['APP_DOMAINS', 'example.com,under_score.com', /^APP_DOMAINS: .*domain name/],
    ['APP_DOMAINS', ' , ', /^APP_DOMAINS: .*at least one domain/],
    ['ORG_BACKEND_URL_TEMPLATE', 'https://api.example.com', /^ORG_BACKEND_URL_TEMPLATE: .*\{subDomain\}/],
    ['ORG_BACKEND_URL_TEMPLATE', '{subDomain}', /^ORG_BACKEND_URL_TEMPLATE: .*URL/],
    ['TRUSTED_PROXY_HOPS', '0', /^TRUSTED_PROXY_HOPS: .*at least 1/],
    ['TRUSTED_PROXY_HOPS', '-1', /^TRUSTED_PROXY_HOPS: .*whole number/],
    ['TRUSTED_PROXY_HOPS', '1.5', /^TRUSTED_PROXY_HOPS: .*whole number/],
    ['TRUSTED_PROXY_HOPS', 'two', /^TRUSTED_PROXY_HOPS: .*whole number/],
    ['TRUSTED_PROXY_HOPS', ' 2', /^TRUSTED_PROXY_HOPS: .*whole number/],
  ])('refuses %s=%j with one clear line', (name, value, line) => {
    expect(problemsOf(parseConfig({ ...validProduction, [name]: value }))).toEqual([expect.stringMatching(line)]);
  });

  it('trusts one proxy hop (nginx alone) unless TRUSTED_PROXY_HOPS says more', () => {
    expect(configOf(parseConfig(validProduction)).config.trustedProxyHops).toBe(1);
    expect(configOf(parseConfig({ ...validProduction, TRUSTED_PROXY_HOPS: '2' })).config.trustedProxyHops).toBe(2);
  });

  it('serves the metrics on port 9464 at the app\'s own address, unless METRICS_PORT and HOSTNAME say otherwise', () => {
    const environment = { ...validProduction, HOSTNAME: undefined };
    expect(configOf(parseConfig(environment)).config.metrics).toEqual({ host: '0.0.0.0', port: 9464 });
    expect(configOf(parseConfig({ ...environment, HOSTNAME: '' })).config.metrics).toEqual({ host: '0.0.0.0', port: 9464 });
    expect(configOf(parseConfig({ ...environment, METRICS_PORT: '9100', HOSTNAME: '10.1.2.3' })).config.metrics).toEqual({ host: '10.1.2.3', port: 9100 });
  });

  it.each(['0', '65536', 'metrics', '94.64', '-9464'])('refuses METRICS_PORT=%j with one clear line', (value) => {
    expect(problemsOf(parseConfig({ ...validProduction, METRICS_PORT: value }))).toEqual(['METRICS_PORT: must be a port number (1 to 65535)']);
  });

  it('never serves the metrics on the app\'s port: METRICS_PORT equal to PORT is refused', () => {
    expect(problemsOf(parseConfig({ ...validProduction, PORT: '9464' }))).toEqual([expect.stringMatching(/^METRICS_PORT: must differ from PORT/)]);
    expect(problemsOf(parseConfig({ ...validProduction, PORT: '3000', METRICS_PORT: '3000' }))).toEqual([expect.stringMatching(/^METRICS_PORT: must differ from PORT/)]);
    // Positive control: one port apart is two ports.
    expect(configOf(parseConfig({ ...validProduction, PORT: '3000', METRICS_PORT: '3001' })).config.metrics.port).toBe(3001);
  });

  it('reports every malformed setting at once', () => {
    const problems = problemsOf(parseConfig({ ...validProduction, BACKEND_URL: 'nope', SESSION_SECRET: 'short' }));
    expect(problems).toEqual([expect.stringMatching(/^BACKEND_URL:/), expect.stringMatching(/^SESSION_SECRET:/)]);
  });

  it('splits, trims and lower-cases APP_DOMAINS, dropping empty entries', () => {
    const { config } = configOf(parseConfig({ ...validProduction, APP_DOMAINS: ' Example.COM , Test.Example.com ,' }));
    expect(config.appDomains).toEqual(['example.com', 'test.example.com']);
  });

  it('drops the trailing slash of BACKEND_URL, so paths can be appended', () => {
    const { config } = configOf(parseConfig({ ...validProduction, BACKEND_URL: 'https://api.example.com/' }));
    expect(config.backendUrl).toBe('https://api.example.com');
  });

  it('accepts an ORG_BACKEND_URL_TEMPLATE containing {subDomain}, and leaves it unset otherwise', () => {
    const template = 'https://{subDomain}.api.example.com';
    expect(configOf(parseConfig({ ...validProduction, ORG_BACKEND_URL_TEMPLATE: template })).config.organisationBackendUrlTemplate).toBe(template);
    expect(configOf(parseConfig(validProduction)).config.organisationBackendUrlTemplate).toBeUndefined();
  });
});

describe('the invitation fields forwarded to addUser', () => {
  it('are by default the invitation\'s token, language and organisation', () => {
    expect(configOf(parseConfig(validProduction)).config.invitationForwardedFields).toEqual(['inviteToken', 'language', 'domain', 'subDomain']);
  });

  it('are the operator\'s list when INVITATION_FORWARDED_FIELDS is set: trimmed, case kept, empty entries dropped', () => {
    const { config } = configOf(parseConfig({ ...validProduction, INVITATION_FORWARDED_FIELDS: ' inviteToken , language,teamId,' }));
    expect(config.invitationForwardedFields).toEqual(['inviteToken', 'language', 'teamId']);
  });

  it.each([
    ['the address', 'inviteToken,email'],
    ['the name', 'name'],
    ['the device id, in any case', 'DeviceID'],
  ])('never include what the app sets itself: %s is refused', (_case, value) => {
    expect(problemsOf(parseConfig({ ...validProduction, INVITATION_FORWARDED_FIELDS: value }))).toEqual([
      expect.stringMatching(/^INVITATION_FORWARDED_FIELDS: .*email, name and deviceId/),
    ]);
  });

  it('are at most as many as an invitation form posts back: 33 names are refused, 32 kept', () => {
    const names = (count: number) => Array.from({ length: count }, (_, index) => `field${index}`).join(',');
    expect(problemsOf(parseConfig({ ...validProduction, INVITATION_FORWARDED_FIELDS: names(33) }))).toEqual([expect.stringMatching(/^INVITATION_FORWARDED_FIELDS: names at most 32 fields/)]);
    expect(configOf(parseConfig({ ...validProduction, INVITATION_FORWARDED_FIELDS: names(32) })).config.invitationForwardedFields).toHaveLength(32);
  });

  it.each([['a space', 'invite token'], ['a bracket', 'user[role]'], ['a leading underscore', '__proto__']])('are field names: one with %s is refused', (_case, value) => {
    expect(problemsOf(parseConfig({ ...validProduction, INVITATION_FORWARDED_FIELDS: value }))).toEqual([expect.stringMatching(/^INVITATION_FORWARDED_FIELDS:/)]);
  });
});

describe('parseConfig in development', () => {
  it('starts with nothing set, pointing at the local stand-ins, and warns about the development secret', () => {
    const { config, warnings } = configOf(parseConfig({ NODE_ENV: 'development' }));
    expect(config.backendUrl).toBe('http://127.0.0.1:3001');
    expect(config.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(warnings.filter((warning) => warning.includes('SESSION_SECRET'))).toHaveLength(1);
  });

  it('treats empty strings as unset', () => {
    const { config, warnings } = configOf(parseConfig({ NODE_ENV: 'development', BACKEND_URL: '', SESSION_SECRET: '' }));
    expect(config.backendUrl).toBe('http://127.0.0.1:3001');
    expect(warnings.filter((warning) => warning.includes('SESSION_SECRET'))).toHaveLength(1);
  });

  it('does not warn about xms_edov for the local identity provider, which development signs in at', () => {
    expect(configOf(parseConfig({ NODE_ENV: 'development' })).warnings.filter((warning) => warning.includes('xms_edov'))).toEqual([]);
    // The same defaults in production do warn: the warning itself is still there.
    const production = { ...validProduction, MICROSOFT_CLIENT_ID: 'client', MICROSOFT_CLIENT_SECRET: 'Xk98Q~bN2vL.7mFzR4tYcW1pHs6JdG0aEu3iKo5r' };
    expect(configOf(parseConfig(production)).warnings).toEqual([expect.stringContaining('xms_edov')]);
  });

  it('gives no warning once a real SESSION_SECRET is set', () => {
    const { warnings } = configOf(parseConfig({ NODE_ENV: 'development', SESSION_SECRET: validProduction.SESSION_SECRET }));
    expect(warnings.filter((warning) => warning.includes('SESSION_SECRET'))).toEqual([]);
  });

  it('still refuses a malformed value that is set', () => {
    expect(problemsOf(parseConfig({ NODE_ENV: 'development', BACKEND_URL: 'not a url' }))).toEqual([expect.stringMatching(/^BACKEND_URL:/)]);
  });

  // zod 4's .default() would hand back the default unparsed: a string, not a list of domains.
  it('defaults APP_DOMAINS in development to the list ["desk.localhost"]', () => {
    expect(configOf(parseConfig({ NODE_ENV: 'development' })).config.appDomains).toEqual(['desk.localhost']);
  });
});

describe('apps that receive a sign-in (SSO_REQUIRE_CODE_CHALLENGE)', () => {
  it('must send a PKCE challenge unless the operator says otherwise, and that is not worth a warning', () => {
    const { config, warnings } = configOf(parseConfig(validProduction));
    expect(config.ssoRequireCodeChallenge).toBe(true);
    expect(warnings).toEqual([]);
    expect(configOf(parseConfig({ ...validProduction, SSO_REQUIRE_CODE_CHALLENGE: 'true' })).config.ssoRequireCodeChallenge).toBe(true);
  });

  it('may be switched off, with one start-up line that says what it costs', () => {
    const { config, warnings } = configOf(parseConfig({ ...validProduction, SSO_REQUIRE_CODE_CHALLENGE: 'false' }));
    expect(config.ssoRequireCodeChallenge).toBe(false);
    expect(warnings).toEqual([expect.stringMatching(/^SSO_REQUIRE_CODE_CHALLENGE is false: .*receives the token itself.*any app on the phone/)]);
    expect(warnings[0]).not.toContain('\n');
  });

  it('refuses anything but true or false', () => {
    expect(problemsOf(parseConfig({ ...validProduction, SSO_REQUIRE_CODE_CHALLENGE: 'yes' }))).toEqual(['SSO_REQUIRE_CODE_CHALLENGE: must be true or false']);
  });
});

describe('who may sign in by single sign-on', () => {
  const tenant = '9188040d-6c67-4c5b-b112-36a304b66dad';

  it('admits anyone, with two minutes of clock skew, when nothing is set', () => {
    expect(configOf(parseConfig(validProduction)).config.ssoIdentity).toEqual({ googleHostedDomains: [], microsoftTenantIds: [], clockSkewSeconds: 120 });
  });

  it('warns in one line when a multi-tenant Microsoft authority has no tenant list, naming both ways out', () => {
    const microsoft = { ...validProduction, MICROSOFT_CLIENT_ID: 'client', MICROSOFT_CLIENT_SECRET: 'Xk98Q~bN2vL.7mFzR4tYcW1pHs6JdG0aEu3iKo5r' };
    for (const authority of ['https://login.microsoftonline.com/organizations', 'https://login.microsoftonline.com/common/v2.0', 'https://idp.example/microsoft/Consumers']) {
      const { warnings } = configOf(parseConfig({ ...microsoft, MICROSOFT_AUTHORITY: authority }));
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(/^MICROSOFT_AUTHORITY admits any tenant .*xms_edov.*MICROSOFT_TENANT_IDS/);
      expect(warnings[0]).not.toContain('\n');
    }
    // A single tenant, a tenant list, or no Microsoft client at all: nothing to say.
    expect(configOf(parseConfig({ ...microsoft, MICROSOFT_AUTHORITY: `https://login.microsoftonline.com/${tenant}` })).warnings).toEqual([]);
    expect(configOf(parseConfig({ ...microsoft, MICROSOFT_TENANT_IDS: tenant })).warnings).toEqual([]);
    expect(configOf(parseConfig(validProduction)).warnings).toEqual([]);
  });

  it('splits, trims and lower-cases the hosted domains and tenant ids', () => {
    const { config } = configOf(
      parseConfig({
        ...validProduction,
        GOOGLE_HOSTED_DOMAINS: ' Acme.example , globex.example,',
        MICROSOFT_TENANT_IDS: `${tenant.toUpperCase()}, 00000000-0000-0000-0000-000000000001`,
        SSO_CLOCK_SKEW_SECONDS: '30',
      }),
    );
    expect(config.ssoIdentity).toEqual({
      googleHostedDomains: ['acme.example', 'globex.example'],
      microsoftTenantIds: [tenant, '00000000-0000-0000-0000-000000000001'],
      clockSkewSeconds: 30,
    });
  });

  it.each([
    ['GOOGLE_HOSTED_DOMAINS', '@acme.example', /^GOOGLE_HOSTED_DOMAINS: .*domain name/],
    ['MICROSOFT_TENANT_IDS', 'contoso.onmicrosoft.com', /^MICROSOFT_TENANT_IDS: .*tenant\) id/],
    ['SSO_CLOCK_SKEW_SECONDS', 'two minutes', /^SSO_CLOCK_SKEW_SECONDS: .*seconds/],
    ['SSO_CLOCK_SKEW_SECONDS', '3600', /^SSO_CLOCK_SKEW_SECONDS: .*between 0 and 600/],
    ['SSO_CLOCK_SKEW_SECONDS', '-1', /^SSO_CLOCK_SKEW_SECONDS: .*between 0 and 600/],
  ])('refuses %s=%j with one clear line', (name, value, line) => {
    expect(problemsOf(parseConfig({ ...validProduction, [name]: value }))).toEqual([expect.stringMatching(line)]);
  });
});

describe('secrets in production', () => {
  /** Values an operator might leave in place: the secrets of the examples they copy, and of development. */
  const secretSettings = ['SESSION_SECRET', 'SESSION_SECRET_PREVIOUS', 'GOOGLE_CLIENT_SECRET', 'MICROSOFT_CLIENT_SECRET', 'REDIS_URL'] as const;
  type SecretSetting = (typeof secretSettings)[number];
  const exampleFiles = [readEnvExample(), parseEnvFile(readFileSync(join(__dirname, '../../deploy/kubernetes/overlays/production/secrets.env.example'), 'utf8'))];
  function secretOf(setting: SecretSetting, value: string): string {
    return setting === 'REDIS_URL' ? decodeURIComponent(new URL(value).password) : value;
  }
  const development = configOf(parseConfig({ NODE_ENV: 'development' })).config;
  const placeholders = [
    ...new Set([
      ...exampleFiles.flatMap((file) => secretSettings.flatMap((setting) => (file[setting] ? [secretOf(setting, file[setting])] : []))),
      development.sessionSecret,
      development.google!.clientSecret,
      development.microsoft!.clientSecret,
    ]),
  ];
  const google = { GOOGLE_CLIENT_ID: '1234-abcd.apps.googleusercontent.com' };
  const microsoft = { MICROSOFT_CLIENT_ID: '5c1f7e2a-8d3b-4b6e-9f0a-2e4d6c8b1a3f', MICROSOFT_TENANT_IDS: '9188040d-6c67-4c5b-b112-36a304b66dad' };
  // Made as each line says for ours (an older base64 one still starts), and as a provider issues them.
  const good = {
    SESSION_SECRET: 'Vq3N8xJ0rZb1mKc7TfWd5yHs2GpLa9Ue4Ro6EiXt0nQ=',
    SESSION_SECRET_PREVIOUS: 'c8Pf2LkQ7vR1wZx9MbN4tYh6JdS0aGe3UiO5rTq8WmE=',
    GOOGLE_CLIENT_SECRET: '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',
    MICROSOFT_CLIENT_SECRET: 'Xk98Q~bN2vL.7mFzR4tYcW1pHs6JdG0aEu3iKo5r',
    REDIS_URL: 'rediss://desk-login:9f2c7a1e5b3d8046c2e9a7f1b4d6c8e0a3f5b7d9c1e2f4a6@redis.example.com:6380',
  };
  function withSecret(setting: SecretSetting, secret: string): Record<string, string> {
    const value = setting === 'REDIS_URL' ? `rediss://desk-login:${encodeURIComponent(secret)}@redis.example.com:6380` : secret;
    return { ...validProduction, ...google, ...microsoft, ...good, [setting]: value };
  }
  /** The lines that refuse `setting`, which must be exactly one. */
  function refusalOf(environment: Record<string, string>, setting: SecretSetting): string {
    const lines = problemsOf(parseConfig(environment)).filter((line) => line.startsWith(`${setting}:`));
    expect(lines).toHaveLength(1);
    return lines[0]!;
  }

  it('start with secrets made as the examples say (positive control for every refusal below)', () => {
    const { config, warnings } = configOf(parseConfig({ ...validProduction, ...google, ...microsoft, ...good }));
    expect(config.previousSessionSecret).toBe(good.SESSION_SECRET_PREVIOUS);
    expect(config.redis?.url).toBe(good.REDIS_URL);
    expect(warnings).toEqual([]);
    // A hex secret has few distinct characters, and is still good.
    expect(configOf(parseConfig({ ...validProduction, SESSION_SECRET: '3f9a0c6e1b7d2a48e5c90f1d6b3a7e24' })).ok).toBe(true);
  });

  it('has placeholders from each example file to refuse, so that this test reads them', () => {
    expect(placeholders.filter((placeholder) => placeholder.startsWith('replace-with-')).length).toBeGreaterThanOrEqual(4);
  });

  it.each(secretSettings)('refuse every placeholder of the examples and of development as %s, in one line that says how to make a good one', (setting) => {
    for (const placeholder of placeholders) {
      const line = refusalOf(withSecret(setting, placeholder), setting);
      expect(line).toMatch(/placeholder/);
      expect(line).not.toContain(placeholder);
    }
  });

  it.each([
    ['SESSION_SECRET', /openssl rand -hex 32/],
    ['SESSION_SECRET_PREVIOUS', /openssl rand -hex 32/],
    ['REDIS_URL', /openssl rand -hex 32/],
    ['GOOGLE_CLIENT_SECRET', /Google/],
    ['MICROSOFT_CLIENT_SECRET', /Entra/],
  ] as const)('say for %s how to make a good one', (setting, how) => {
    expect(refusalOf(withSecret(setting, 'replace-with-a-new-secret-of-yours'), setting)).toMatch(how);
  });

  it.each([
    ['one character repeated', 'x'.repeat(64)],
    ['a short pattern repeated', 'abc123'.repeat(8)],
    ['a word repeated, cut anywhere', 'password'.repeat(5).slice(0, 37)],
    ['too few distinct characters', '0101100111010010110100101011001011010010'],
  ])('refuse the secrets this app makes when %s', (_case, secret) => {
    for (const setting of ['SESSION_SECRET', 'SESSION_SECRET_PREVIOUS', 'REDIS_URL'] as const) {
      expect(refusalOf(withSecret(setting, secret), setting)).toMatch(/^\w+: (its password )?is easy to guess: .*openssl rand/);
    }
  });

  /** Values a security review found starting in production (issue 48). */
  const reviewed = ['abcdefghijklmnopqrstuvwxyz012345', 'secretsecretsecretsecretsecret123'];

  it.each(reviewed)('refuse %s as every secret, ours or issued, naming the setting', (secret) => {
    for (const setting of secretSettings) expect(refusalOf(withSecret(setting, secret), setting)).toMatch(new RegExp(`^${setting}: (its password )?is easy to guess`));
  });

  it.each([
    ['one capital letter', 'Development-only-secret-do-not-use-in-production'],
    ['a trailing space', 'development-only-secret-do-not-use-in-production '],
    ['capitals and underscores, a leading tab', '\tDEVELOPMENT_ONLY_SECRET_DO_NOT_USE_IN_PRODUCTION'],
    ['the quotes of a .env file', '"development-only-secret-do-not-use-in-production"'],
    ['full-width letters', 'ｄｅｖｅｌｏｐｍｅｎｔ-only-secret-do-not-use-in-production'],
    ['a copied example with a leading space', ' Replace-With-The-Output-Of-Openssl-Rand-Base64-48'],
  ])('refuse the development secret or a placeholder written with %s, as the placeholder it is', (_case, secret) => {
    for (const setting of secretSettings) expect(refusalOf(withSecret(setting, secret), setting)).toMatch(/placeholder/);
  });

  it('refuse a development secret with a little added, as easy to guess', () => {
    for (const setting of secretSettings) {
      expect(refusalOf(withSecret(setting, 'development-only-secret-do-not-use-in-production-2026'), setting)).toMatch(/easy to guess|placeholder/);
    }
  });

  it('refuse the development world\'s dev-<id>-secret of every provider, a provider added later too, as any secret', () => {
    // okta: the provider tests/e2e/third-provider.spec.ts adds to a copy of the registry.
    const developmentSecrets = [...providerIds, 'okta'].map((id) => `dev-${id}-secret`);
    for (const secret of developmentSecrets) {
      for (const setting of secretSettings) expect(refusalOf(withSecret(setting, secret), setting)).toMatch(/placeholder/);
    }
  });

  it.each([
    ['in the query', 'rediss://redis.example.com:6380?password=replace-with-the-redis-password', /placeholder/],
    ['in the query, a sequence', 'rediss://redis.example.com:6380/0?password=abcdefghijklmnopqrstuvwxyz012345', /easy to guess/],
    ['in the user info, beside a good one in the query', `rediss://desk-login:abcdefghijklmnopqrstuvwxyz012345@redis.example.com?password=${'9f2c7a1e5b3d8046'.repeat(4)}`, /easy to guess/],
  ])('refuse the Redis password that ioredis sends %s', (_case, url, problem) => {
    expect(refusalOf({ ...withSecret('SESSION_SECRET', good.SESSION_SECRET), REDIS_URL: url }, 'REDIS_URL')).toMatch(problem);
  });

  it('refuse a Redis password ioredis cannot read, saying so', () => {
    const url = `rediss://desk-login:${'9f2c7a1e5b3d8046'.repeat(4)}%zz@redis.example.com:6380`;
    expect(refusalOf({ ...withSecret('SESSION_SECRET', good.SESSION_SECRET), REDIS_URL: url }, 'REDIS_URL')).toMatch(/^REDIS_URL: its password is not percent-encoded/);
  });

  it('accept a good Redis password in the query, and a weak one that ioredis never sends', () => {
    const password = 'c3b1e9f07a5d2846b0e7c1a9f3d5b7e2a4c6e8f0b2d4a6c8e0f1a3b5c7d9e1f3';
    expect(configOf(parseConfig({ ...validProduction, SESSION_SECRET: good.SESSION_SECRET, REDIS_URL: `rediss://redis.example.com:6380?password=${password}` })).ok).toBe(true);
    // The user info's password wins, so the query's is never sent.
    expect(configOf(parseConfig({ ...validProduction, SESSION_SECRET: good.SESSION_SECRET, REDIS_URL: `rediss://desk-login:${password}@redis.example.com?password=abc` })).ok).toBe(true);
  });

  it('accept every output of openssl rand -hex 32, the one command the refusals name (positive control)', () => {
    const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
    const accepted = (sessionSecret: string, redisPassword: string) =>
      parseConfig({ ...validProduction, SESSION_SECRET: sessionSecret, REDIS_URL: `rediss://desk-login:${redisPassword}@redis.example.com:6380` }).ok;
    const thirtyTwoBytes = fc.noBias(fc.uint8Array({ minLength: 32, maxLength: 32 }));
    fc.assert(
      fc.property(thirtyTwoBytes, thirtyTwoBytes, (session, redis) => accepted(hex(session), hex(redis))),
      { numRuns: 50 },
    );
    for (let sample = 0; sample < 50; sample++) expect(accepted(randomBytes(32).toString('hex'), randomBytes(32).toString('hex'))).toBe(true);
    // The same judge refuses the reviewed values in the same place.
    for (const secret of reviewed) {
      expect(accepted(secret, randomBytes(32).toString('hex'))).toBe(false);
      expect(accepted(randomBytes(32).toString('hex'), secret)).toBe(false);
    }
  });

  it('refuse only obvious junk as a client secret, which the provider issued', () => {
    for (const setting of ['GOOGLE_CLIENT_SECRET', 'MICROSOFT_CLIENT_SECRET'] as const) {
      for (const junk of ['x'.repeat(40), 'abab'.repeat(10), '1234']) expect(refusalOf(withSecret(setting, junk), setting)).toMatch(/easy to guess/);
      // Shorter than a session secret, of the provider's own making: not ours to judge.
      expect(configOf(parseConfig(withSecret(setting, 'kD9-q2Lm_7vX'))).ok).toBe(true);
    }
  });

  it('refuse a Redis password shorter than 32 characters, as the session secret, and accept a Redis without one', () => {
    expect(refusalOf(withSecret('REDIS_URL', 'kD9q2Lm7vX4b'), 'REDIS_URL')).toMatch(/^REDIS_URL: its password must be at least 32 characters; .*openssl rand -hex 32/);
    expect(configOf(parseConfig({ ...validProduction, REDIS_URL: 'rediss://redis.internal:6380' })).config.redis?.url).toBe('rediss://redis.internal:6380');
  });

  it.each([
    ['SESSION_SECRET_PREVIOUS', 'SESSION_SECRET'],
    ['GOOGLE_CLIENT_SECRET', 'SESSION_SECRET'],
    ['MICROSOFT_CLIENT_SECRET', 'GOOGLE_CLIENT_SECRET'],
    ['REDIS_URL', 'SESSION_SECRET'],
  ] as const)('refuse %s when it is the value of %s, naming both', (setting, other) => {
    const line = refusalOf(withSecret(setting, secretOf(other, good[other])), setting);
    expect(line).toMatch(new RegExp(`^${setting}: (its password )?is the same as ${other}:`));
    expect(problemsOf(parseConfig(withSecret(setting, secretOf(other, good[other]))))).toHaveLength(1);
  });

  it('say a short session secret in one line with how to make one, not twice', () => {
    expect(problemsOf(parseConfig({ ...validProduction, SESSION_SECRET: 'aaaa' }))).toEqual([
      'SESSION_SECRET: must be at least 32 characters, e.g. the output of openssl rand -hex 32',
    ]);
  });

  it('leave development to its own secrets', () => {
    const result = configOf(parseConfig({ NODE_ENV: 'development', SESSION_SECRET: 'replace-with-the-output-of-openssl-rand-base64-48', GOOGLE_CLIENT_SECRET: 'dev-google-secret' }));
    expect(result.config.google?.clientSecret).toBe('dev-google-secret');
  });
});

describe('connections in production (ASVS 5.0 12.3.1)', () => {
  const redisPassword = '9f2c7a1e5b3d8046c2e9a7f1b4d6c8e0a3f5b7d9c1e2f4a6';
  const plain = {
    BACKEND_URL: 'http://api.internal:8080',
    ORG_BACKEND_URL_TEMPLATE: 'http://{subDomain}.api.internal',
    REDIS_URL: `redis://desk-login:${redisPassword}@redis.internal:6379`,
    OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector.internal:4318/v1/traces',
  };

  it.each(Object.entries(plain))('refuse %s without TLS to another machine, in one line naming the setting', (setting, value) => {
    const lines = problemsOf(parseConfig({ ...validProduction, [setting]: value })).filter((line) => line.startsWith(`${setting}:`));
    expect(lines).toEqual([expect.stringMatching(/without TLS/)]);
  });

  it('start with each of them over TLS (the control), or on this machine, where a sidecar carries TLS', () => {
    const overTls = { BACKEND_URL: 'https://api.internal:8443', ORG_BACKEND_URL_TEMPLATE: 'https://{subDomain}.api.internal', REDIS_URL: `rediss://desk-login:${redisPassword}@redis.internal:6380`, OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://collector.internal:4318/v1/traces' };
    expect(configOf(parseConfig({ ...validProduction, ...overTls })).ok).toBe(true);
    for (const host of ['127.0.0.1', '127.0.0.53', '[::1]', 'localhost']) {
      const onThisMachine = { BACKEND_URL: `http://${host}:3001`, REDIS_URL: `redis://desk-login:${redisPassword}@${host}:6379`, OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `http://${host}:4318/v1/traces` };
      expect(configOf(parseConfig({ ...validProduction, ...onThisMachine })).ok).toBe(true);
    }
  });

  it('leave development to plain connections', () => {
    expect(configOf(parseConfig({ NODE_ENV: 'development', ...plain, REDIS_URL: 'redis://redis.internal:6379' })).ok).toBe(true);
  });
});
