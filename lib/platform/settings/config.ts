import { languageRegistry, type Language } from '../../vocabulary/languages.ts';
import { DEVELOPMENT_SESSION_SECRET, logLevels, MAKE_A_SECRET, openIdSettingOf, openIdSettingParts, pricingSettingOf, settingsSchema } from './schema.ts';
import { openIdProviders, providerIds, type ProviderId } from '../../vocabulary/providers.ts';
import { unsafeSecrets, type SecretSetting } from './secret-rules.ts';
import { connectionsWithoutTls } from './transport-rules.ts';

/**
 * Every setting of the app, parsed once from the environment (docs/decisions.md, Settings): the
 * schema and its development defaults are in schema.ts, the judgement of secrets in
 * secret-rules.ts, what each setting does in descriptions.ts.
 */

export type SsoClient = { clientId: string; clientSecret: string };

export type Config = {
  backendUrl: string;
  appDomains: string[];
  sessionSecret: string;
  previousSessionSecret: string | undefined;
  organisationBackendUrlTemplate: string | undefined;
  productKey: string;
  google: (SsoClient & { issuer: string }) | undefined;
  microsoft: (SsoClient & { authority: string }) | undefined;
  /** The plain OpenID Connect providers of the registry that the settings configure, by id. */
  openId: Partial<Record<ProviderId, SsoClient & { issuer: string }>>;
  /** Who may sign in by single sign-on beyond a valid token, and the clock tolerance of its check. */
  ssoIdentity: { googleHostedDomains: string[]; microsoftTenantIds: string[]; clockSkewSeconds: number };
  ssoRedirectAllowlist: string[];
  /** A redirect_uri without a PKCE challenge is refused: its app would receive the token itself. */
  ssoRequireCodeChallenge: boolean;
  trustedProxyHops: number;
  /** The invitation link's fields that addUser receives, besides the address and the name the app sets. */
  invitationForwardedFields: string[];
  /** The fleet's shared store; undefined: this process's memory. */
  redis: { url: string; keyPrefix: string } | undefined;
  logLevel: (typeof logLevels)[number];
  traces: { endpoint: string | undefined; serviceName: string };
  /** Where Prometheus scrapes `/metrics` (lib/platform/observability/metrics-server.ts): the app's address, a port of their own. */
  metrics: { host: string; port: number };
  links: {
    privacy: string;
    support: string;
    appStore: string;
    playStore: string;
    mobileApp: string;
    sales: string;
    pricing: Record<Language, string>;
    freeTrial: string;
    demo: string;
  };
};

/** Entra's authority paths that admit accounts of any directory. */
const MULTI_TENANT_SEGMENTS = new Set(['organizations', 'common', 'consumers']);

export type ConfigResult = { ok: true; config: Config; warnings: string[] } | { ok: false; problems: string[] };

type Environment = Record<string, string | undefined>;

/** What a missing required setting looks like, so that its line says what to write. */
const REQUIRED_SETTING_EXAMPLES: Record<string, string> = {
  BACKEND_URL: 'e.g. https://api.example.com, the product API as this server reaches it',
  APP_DOMAINS: 'e.g. example.com, the parent domains served, comma-separated',
  SESSION_SECRET: `at least 32 characters, e.g. the output of ${MAKE_A_SECRET}`,
};

// A provider is configured by its id and its secret together; either one alone is a mistake to
// stop for, not a provider to show as unavailable.
const SSO_CLIENT_SETTING_PAIRS = [
  ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
  ['MICROSOFT_CLIENT_ID', 'MICROSOFT_CLIENT_SECRET'],
] as const;

function halfConfiguredClients(present: Environment): string[] {
  const pairs = SSO_CLIENT_SETTING_PAIRS.flatMap((pair) => pair.map((name, index) => [name, [pair[1 - index]!]] as const));
  // A plain OpenID Connect provider needs all three of its settings, or none.
  const triples = openIdProviders.flatMap((provider) => {
    const names = openIdSettingParts.map((part) => openIdSettingOf(provider, part));
    return names.map((name) => [name, names.filter((other) => other !== name)] as const);
  });
  return [...pairs, ...triples].flatMap(([name, others]) => {
    const set = others.find((other) => present[other] !== undefined);
    return present[name] === undefined && set ? [`${name}: required when ${set} is set`] : [];
  });
}

function openIdClients(settings: Record<string, unknown>): Config['openId'] {
  return Object.fromEntries(
    openIdProviders.flatMap((provider) => {
      const [clientId, clientSecret, issuer] = openIdSettingParts.map((part) => settings[openIdSettingOf(provider, part)]);
      return typeof clientId === 'string' && typeof clientSecret === 'string' && typeof issuer === 'string' ? [[provider.id, { clientId, clientSecret, issuer }]] : [];
    }),
  );
}

export function parseConfig(environment: Environment): ConfigResult {
  const production = environment.NODE_ENV === 'production';
  // An empty variable is treated as unset, as shells and .env files tend to produce them.
  const present = Object.fromEntries(Object.entries(environment).filter(([, value]) => value !== ''));
  const parsed = settingsSchema(production).safeParse(present);
  const issues = parsed.success ? [] : parsed.error.issues;
  const refused = new Set(issues.map((issue) => issue.path[0]?.toString() ?? ''));
  const secretProblems = production ? unsafeSecrets(present, refused) : new Map<string, string>();
  const problems = [
    ...issues.filter((issue) => !secretProblems.has(issue.path[0]?.toString() as SecretSetting)).map((issue) => {
      const name = issue.path[0]?.toString() ?? 'environment';
      const missing = issue.code === 'invalid_type' && present[name] === undefined;
      if (!missing) return `${name}: ${issue.message}`;
      const example = REQUIRED_SETTING_EXAMPLES[name];
      return example ? `${name}: required in production, ${example}` : `${name}: required in production`;
    }),
    ...(production ? halfConfiguredClients(present) : []),
    ...(production ? connectionsWithoutTls(present, refused) : []),
    ...secretProblems.values(),
  ];
  if (!parsed.success || problems.length > 0) return { ok: false, problems };

  const settings = parsed.data;
  const warnings: string[] = [];
  if (settings.SESSION_SECRET === DEVELOPMENT_SESSION_SECRET) {
    warnings.push('SESSION_SECRET is not set: using the development value. Never run production like this.');
  }
  const anyTenant = new URL(settings.MICROSOFT_AUTHORITY).pathname.split('/').find((segment) => MULTI_TENANT_SEGMENTS.has(segment.toLowerCase()));
  // Development signs in at the local identity provider, whose tokens carry xms_edov: nothing to act on there.
  if (production && settings.MICROSOFT_CLIENT_ID && anyTenant && settings.MICROSOFT_TENANT_IDS.length === 0) {
    warnings.push(
      `MICROSOFT_AUTHORITY admits any tenant (${anyTenant}) and MICROSOFT_TENANT_IDS is empty: a Microsoft sign-in passes only with the ID token claim xms_edov true. Add the optional claim xms_edov to the app registration (Token configuration), or list the allowed tenants in MICROSOFT_TENANT_IDS (docs/identity-providers.md).`,
    );
  }

  if (!settings.SSO_REQUIRE_CODE_CHALLENGE) {
    warnings.push(
      'SSO_REQUIRE_CODE_CHALLENGE is false: an app that starts a sign-in without a PKCE code_challenge receives the token itself in its redirect_uri, where any app on the phone that claims the same custom scheme can read it. Set it to true once every app sends a challenge (docs/identity-providers.md, Apps).',
    );
  }

  return {
    ok: true,
    warnings,
    config: {
      backendUrl: settings.BACKEND_URL.replace(/\/+$/, ''),
      appDomains: settings.APP_DOMAINS,
      sessionSecret: settings.SESSION_SECRET,
      previousSessionSecret: settings.SESSION_SECRET_PREVIOUS,
      organisationBackendUrlTemplate: settings.ORG_BACKEND_URL_TEMPLATE,
      productKey: settings.PRODUCT_KEY,
      google:
        settings.GOOGLE_CLIENT_ID && settings.GOOGLE_CLIENT_SECRET
          ? { clientId: settings.GOOGLE_CLIENT_ID, clientSecret: settings.GOOGLE_CLIENT_SECRET, issuer: settings.GOOGLE_ISSUER }
          : undefined,
      microsoft:
        settings.MICROSOFT_CLIENT_ID && settings.MICROSOFT_CLIENT_SECRET
          ? {
              clientId: settings.MICROSOFT_CLIENT_ID,
              clientSecret: settings.MICROSOFT_CLIENT_SECRET,
              authority: settings.MICROSOFT_AUTHORITY,
            }
          : undefined,
      openId: openIdClients(settings),
      ssoIdentity: {
        googleHostedDomains: settings.GOOGLE_HOSTED_DOMAINS,
        microsoftTenantIds: settings.MICROSOFT_TENANT_IDS,
        clockSkewSeconds: settings.SSO_CLOCK_SKEW_SECONDS,
      },
      ssoRedirectAllowlist: settings.SSO_REDIRECT_ALLOWLIST,
      ssoRequireCodeChallenge: settings.SSO_REQUIRE_CODE_CHALLENGE,
      trustedProxyHops: settings.TRUSTED_PROXY_HOPS,
      invitationForwardedFields: settings.INVITATION_FORWARDED_FIELDS,
      redis: settings.REDIS_URL ? { url: settings.REDIS_URL, keyPrefix: settings.REDIS_KEY_PREFIX } : undefined,
      logLevel: settings.LOG_LEVEL,
      traces: { endpoint: settings.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, serviceName: settings.OTEL_SERVICE_NAME },
      metrics: { host: settings.HOSTNAME, port: settings.METRICS_PORT },
      links: {
        privacy: settings.PRIVACY_URL,
        support: settings.SUPPORT_URL,
        appStore: settings.APP_STORE_URL,
        playStore: settings.PLAY_STORE_URL,
        mobileApp: settings.MOBILE_APP_URL,
        sales: settings.SALES_URL,
        pricing: Object.fromEntries(languageRegistry.map(({ code }) => [code, settings[pricingSettingOf(code)]])) as Record<Language, string>,
        freeTrial: settings.FREE_TRIAL_URL,
        demo: settings.DEMO_URL,
      },
    },
  };
}

/** The providers whose client the settings configure, in the registry's order: the login page offers these alone. */
export function configuredProviders(config: Config): ProviderId[] {
  const clients: Partial<Record<string, SsoClient>> = { google: config.google, microsoft: config.microsoft, ...config.openId };
  return providerIds.filter((id) => clients[id] !== undefined);
}

export class ConfigurationError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.join('\n')}`);
    this.name = 'ConfigurationError';
  }
}

let loaded: Config | undefined;

let loadedWarnings: string[] = [];

/** The configuration of this process; parsed on first use, then kept. */
export function getConfig(): Config {
  if (!loaded) {
    const result = parseConfig(process.env);
    if (!result.ok) throw new ConfigurationError(result.problems);
    loaded = result.config;
    loadedWarnings = result.warnings;
  }
  return loaded;
}

/**
 * Called once when the server starts: a bad configuration ends the process before it serves.
 * What an administrator should still configure is returned, one line each, for the log.
 */
export function assertConfigAtStartup(): string[] {
  try {
    getConfig();
    return loadedWarnings;
  } catch (error) {
    if (!(error instanceof ConfigurationError)) throw error;
    console.error('The login app cannot start, because its configuration is invalid:');
    error.problems.forEach((problem) => console.error(`  ${problem}`));
    process.exit(1);
  }
}
