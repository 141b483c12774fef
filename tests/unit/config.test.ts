import { parseConfig, type ConfigResult } from '@/lib/config';

const validProduction = {
  NODE_ENV: 'production',
  BACKEND_URL: 'https://api.example.com',
  APP_DOMAINS: 'example.com',
  SESSION_SECRET: 'a-production-secret-of-32-chars!',
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
      expect.stringMatching(/^SESSION_SECRET: required in production, at least 32 characters, e\.g\. the output of openssl rand -base64 48$/),
    ]);
    // Each example is itself a value the check accepts.
    const examples = { BACKEND_URL: 'https://api.example.com', APP_DOMAINS: 'example.com', SESSION_SECRET: 'x'.repeat(64) };
    expect(configOf(parseConfig({ NODE_ENV: 'production', ...examples })).config.backendUrl).toBe('https://api.example.com');
  });

  it.each([
    ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
    ['GOOGLE_CLIENT_SECRET', 'GOOGLE_CLIENT_ID'],
    ['MICROSOFT_CLIENT_ID', 'MICROSOFT_CLIENT_SECRET'],
    ['MICROSOFT_CLIENT_SECRET', 'MICROSOFT_CLIENT_ID'],
  ])('refuses %s without %s, in one line naming the missing one', (set, missing) => {
    expect(problemsOf(parseConfig({ ...validProduction, [set]: 'value' }))).toEqual([`${missing}: required when ${set} is set`]);
    // An empty value is unset, as everywhere else.
    expect(problemsOf(parseConfig({ ...validProduction, [set]: 'value', [missing]: '' }))).toEqual([`${missing}: required when ${set} is set`]);
    expect(configOf(parseConfig({ ...validProduction, [set]: 'value', [missing]: 'other' })).ok).toBe(true);
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
    const production = { ...validProduction, MICROSOFT_CLIENT_ID: 'client', MICROSOFT_CLIENT_SECRET: 'secret' };
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
    const microsoft = { ...validProduction, MICROSOFT_CLIENT_ID: 'client', MICROSOFT_CLIENT_SECRET: 'secret' };
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
