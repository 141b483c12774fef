import { z } from 'zod';
import { languageRegistry, type Language } from '../../vocabulary/languages.ts';

/**
 * Every setting of the app, parsed once from the environment (docs/decisions.md, Settings).
 * In development each setting has a default that points at the local stand-ins in `dev/`;
 * in production a missing or malformed value stops the server with one line per problem.
 */

const DEVELOPMENT_SESSION_SECRET = 'development-only-secret-do-not-use-in-production';
const DEVELOPMENT_CLIENT_SECRETS = { google: 'dev-google-secret', microsoft: 'dev-microsoft-secret' };
const MAKE_A_SECRET = 'openssl rand -base64 32';

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });
// MSAL refuses an http authority, and no identity provider should be reached without TLS.
const httpsUrl = z.url({ protocol: /^https$/, error: 'must be an https URL' }).transform((url) => url.replace(/\/+$/, ''));

const domainName = z
  .string()
  .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/, {
    error: 'each entry must be a domain name such as example.com',
  });

// Entra directory (tenant) ids are GUIDs; compared lower-case with the token's `tid`.
const tenantId = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, {
  error: 'each entry must be a directory (tenant) id such as 9188040d-6c67-4c5b-b112-36a304b66dad',
});

const commaSeparated = (item: z.ZodType<string, string>) =>
  z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((entry) => entry.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(item));

/** Each language's pricing page, one setting per language of the registry: PRICING_URL_EN, PRICING_URL_DE, … */
export type PricingSetting = `PRICING_URL_${Uppercase<Language>}`;

export function pricingSettingOf(language: Language): PricingSetting {
  return `PRICING_URL_${language.toUpperCase()}` as PricingSetting;
}

function pricingSettings() {
  return Object.fromEntries(languageRegistry.map((entry) => [pricingSettingOf(entry.code), httpUrl.default(entry.pricingUrlDefault)])) as Record<
    PricingSetting,
    z.ZodDefault<typeof httpUrl>
  >;
}

const linkSettings = {
  PRIVACY_URL: httpUrl.default('https://www.example.com/privacy'),
  SUPPORT_URL: httpUrl.default('https://www.example.com/support'),
  APP_STORE_URL: httpUrl.default('https://apps.apple.com/'),
  PLAY_STORE_URL: httpUrl.default('https://play.google.com/store/apps'),
  MOBILE_APP_URL: z.string().min(1).default('deskbooking://open'),
  SALES_URL: httpUrl.default('https://www.example.com/talk-to-sales'),
  ...pricingSettings(),
  FREE_TRIAL_URL: httpUrl.default('https://www.example.com/free-trial'),
  DEMO_URL: httpUrl.default('https://www.example.com/book-a-demo'),
};

const port = z.coerce
  .number({ error: 'must be a port number (1 to 65535)' })
  .int({ error: 'must be a port number (1 to 65535)' })
  .min(1, { error: 'must be a port number (1 to 65535)' })
  .max(65535, { error: 'must be a port number (1 to 65535)' });

/** The port OpenTelemetry's Prometheus exporter uses by default, so scrape configurations expect it. */
export const DEFAULT_METRICS_PORT = 9464;

/** addUser's fields that the app sets itself: an invitation link never overwrites them (lib/flows/invitation.ts). */
export const INVITATION_FIELDS_SET_BY_APP = ['email', 'name', 'deviceId'] as const;

/** How many fields an invitation may forward: its form posts them back, and a post is bounded. */
export const INVITATION_FORWARDED_FIELDS_MAX = 32;

// Query keys as links write them, case kept: `inviteToken`, not `invitetoken`.
const invitationFieldNames = z
  .string()
  .transform((value) => value.split(',').map((entry) => entry.trim()).filter(Boolean))
  .pipe(
    z.array(
      z
        .string()
        .regex(/^[A-Za-z][A-Za-z0-9_-]{0,63}$/, { error: 'each entry must be a field name of up to 64 letters, digits, _ and -, starting with a letter' })
        .refine((name) => !INVITATION_FIELDS_SET_BY_APP.some((own) => own.toLowerCase() === name.toLowerCase()), {
          error: `must not name ${INVITATION_FIELDS_SET_BY_APP.slice(0, -1).join(', ')} and ${INVITATION_FIELDS_SET_BY_APP.at(-1)}, which the app sets itself`,
        }),
    ).max(INVITATION_FORWARDED_FIELDS_MAX, { error: `names at most ${INVITATION_FORWARDED_FIELDS_MAX} fields` }),
  );

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

function settingsSchema(production: boolean) {
  // prefault, not default: the development value goes through the schema like a real one.
  const required = <T extends z.ZodType>(schema: T, developmentDefault: z.input<T>) =>
    production ? schema : schema.prefault(developmentDefault as never);

  // Single sign-on is optional: a provider without both id and secret is "not configured".
  const optionalInDevelopment = (developmentDefault: string) =>
    production ? z.string().min(1).optional() : z.string().min(1).default(developmentDefault);

  return z.object({
    BACKEND_URL: required(httpUrl, 'http://127.0.0.1:3001'),
    APP_DOMAINS: required(
      commaSeparated(domainName).pipe(z.array(z.string()).min(1, { error: 'needs at least one domain' })),
      // Not `localhost` (docs/decisions.md, Settings): browsers refuse cookies for Domain=localhost.
      'desk.localhost',
    ),
    SESSION_SECRET: required(
      z.string().min(32, { error: `must be at least 32 characters, e.g. the output of ${MAKE_A_SECRET}` }),
      DEVELOPMENT_SESSION_SECRET,
    ),
    // During a rotation: still opens cookies sealed before it, never seals new ones.
    SESSION_SECRET_PREVIOUS: z.string().min(32, { error: `must be at least 32 characters, e.g. the output of ${MAKE_A_SECRET}` }).optional(),
    ORG_BACKEND_URL_TEMPLATE: z
      .string()
      .refine((value) => value.includes('{subDomain}') && URL.canParse(value.replace('{subDomain}', 'x')), {
        error: 'must be a URL containing {subDomain}, e.g. https://{subDomain}.example.com',
      })
      .optional(),
    PRODUCT_KEY: z
      .string()
      .regex(/^[A-Za-z0-9]{1,32}$/, { error: 'must be letters and digits only' })
      .default('flw'),
    GOOGLE_CLIENT_ID: optionalInDevelopment('dev-google-client'),
    GOOGLE_CLIENT_SECRET: optionalInDevelopment(DEVELOPMENT_CLIENT_SECRETS.google),
    GOOGLE_ISSUER: httpsUrl.default('https://accounts.google.com'),
    MICROSOFT_CLIENT_ID: optionalInDevelopment('dev-microsoft-client'),
    MICROSOFT_CLIENT_SECRET: optionalInDevelopment(DEVELOPMENT_CLIENT_SECRETS.microsoft),
    MICROSOFT_AUTHORITY: httpsUrl.default('https://login.microsoftonline.com/organizations'),
    // Who may sign in (lib/flows/sso/providers/google.ts, microsoft.ts): Google Workspace domains (`hd`) and Entra tenants (`tid`); empty: any.
    GOOGLE_HOSTED_DOMAINS: commaSeparated(domainName).default([]),
    MICROSOFT_TENANT_IDS: commaSeparated(tenantId).default([]),
    // Tolerance for a provider's clock in the ID token's iat, nbf and exp.
    SSO_CLOCK_SKEW_SECONDS: z.coerce
      .number({ error: 'must be a whole number of seconds' })
      .int({ error: 'must be a whole number of seconds' })
      .min(0, { error: 'must be between 0 and 600' })
      .max(600, { error: 'must be between 0 and 600' })
      .default(120),
    SSO_REDIRECT_ALLOWLIST: z
      .string()
      .default('')
      .transform((value) => value.split(',').map((entry) => entry.trim()).filter(Boolean))
      .pipe(z.array(z.string().refine((entry) => URL.canParse(entry), { error: 'each entry must be a URL prefix' }))),
    // Every app that receives a sign-in must send a PKCE challenge and redeem a one-time code (lib/flows/sso/app-code.ts).
    SSO_REQUIRE_CODE_CHALLENGE: z
      .enum(['true', 'false'], { error: 'must be true or false' })
      .transform((value) => value === 'true')
      .default(true),
    // How many reverse proxies in front of the app append to X-Forwarded-For (lib/platform/request/client-address.ts).
    TRUSTED_PROXY_HOPS: z
      .string()
      .regex(/^[1-9][0-9]*$/, { error: 'must be a whole number of at least 1: the reverse proxies in front of the app (nginx alone: 1)' })
      .transform(Number)
      .default(1),
    // Where the fleet keeps its limits and one-time codes (lib/platform/shared-store.ts); unset: per process.
    REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }).optional(),
    REDIS_KEY_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9:_.-]{1,64}$/, { error: 'must be up to 64 letters, digits and : _ . -' })
      .default('desk-login:'),
    // The invitation link's fields passed on to addUser beside the address and the name (lib/flows/invitation.ts).
    INVITATION_FORWARDED_FIELDS: invitationFieldNames.prefault('inviteToken,language,domain,subDomain'),
    PORT: port.default(3000),
    // Next's server.js listens on it too: the metrics listen where the app does, so a Prometheus reaches them at the pod's address.
    HOSTNAME: z.string().default('0.0.0.0'),
    METRICS_PORT: port.default(DEFAULT_METRICS_PORT),
    LOG_LEVEL: z.enum(logLevels, { error: `must be one of ${logLevels.join(', ')}` }).default('info'),
    // OTLP over HTTP, the full address of the traces endpoint (…/v1/traces); unset, no span is exported (lib/platform/observability/tracing.ts).
    OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: httpUrl.optional(),
    OTEL_SERVICE_NAME: z.string().min(1).default('desk-login'),
    ...linkSettings,
  })
    .refine((settings) => settings.METRICS_PORT !== settings.PORT, {
      path: ['METRICS_PORT'],
      error: 'must differ from PORT: the metrics are never served on the app\'s port',
    });
}

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
  SESSION_SECRET: 'at least 32 characters, e.g. the output of openssl rand -base64 48',
};

// A provider is configured by its id and its secret together; either one alone is a mistake to
// stop for, not a provider to show as unavailable.
const SSO_CLIENT_SETTING_PAIRS = [
  ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
  ['MICROSOFT_CLIENT_ID', 'MICROSOFT_CLIENT_SECRET'],
] as const;

function halfConfiguredClients(present: Environment): string[] {
  return SSO_CLIENT_SETTING_PAIRS.flatMap((pair) =>
    pair.flatMap((name, index) => {
      const other = pair[1 - index]!;
      return present[name] === undefined && present[other] !== undefined ? [`${name}: required when ${other} is set`] : [];
    }),
  );
}

/**
 * The secrets, and how to make a good value of each. Ours (the session secrets, the Redis
 * password) are made with a random generator and judged as such; a client secret is issued by
 * its provider, so only a placeholder or obvious junk is refused there.
 */
const SECRET_RULES = {
  SESSION_SECRET: { ours: true, minLength: 32, howTo: `make one with ${MAKE_A_SECRET} and set the same on every instance` },
  SESSION_SECRET_PREVIOUS: { ours: true, minLength: 32, howTo: `set the SESSION_SECRET being replaced, and make the new one with ${MAKE_A_SECRET}` },
  GOOGLE_CLIENT_SECRET: { ours: false, minLength: 1, howTo: 'set the client secret Google issued for GOOGLE_CLIENT_ID (Google Cloud console, Credentials)' },
  MICROSOFT_CLIENT_SECRET: { ours: false, minLength: 1, howTo: 'set a client secret of the Entra app registration of MICROSOFT_CLIENT_ID (Certificates & secrets)' },
  // Hex: base64's + / = would have to be percent-encoded in the URL.
  REDIS_URL: { ours: true, minLength: 16, howTo: 'give the Redis user a password made with openssl rand -hex 32 and put it in the URL' },
} as const;
type SecretSetting = keyof typeof SECRET_RULES;

/**
 * The secrets of .env.example, deploy/kubernetes/overlays/production/secrets.env.example and
 * development, which tests/unit/config.test.ts reads from those files: a copied example is never
 * a secret. Any `replace-with-…` is one too, whatever a future example names it.
 */
const PLACEHOLDER_SECRETS = new Set([
  'replace-with-the-output-of-openssl-rand-base64-48',
  'replace-with-the-google-client-secret',
  'replace-with-the-entra-client-secret',
  'replace-with-the-redis-password',
  DEVELOPMENT_SESSION_SECRET,
  DEVELOPMENT_CLIENT_SECRETS.google,
  DEVELOPMENT_CLIENT_SECRETS.microsoft,
]);

/** Random output has many distinct characters: 32 hex digits (16 possible) show 9 or more. */
const FEWEST_DISTINCT_CHARACTERS = { ours: 8, issued: 5 };

/** A short pattern repeated to the end, whole or cut: `aaaa`, `abcabcab`, `passwordpassw`. */
function isRepeatedPattern(value: string): boolean {
  for (let period = 1; period * 2 <= value.length; period++) {
    if ([...value.slice(period)].every((character, index) => character === value[index])) return true;
  }
  return false;
}

/** The secret a setting holds: the password of REDIS_URL (none without one), the value of the others. */
function secretValueOf(setting: SecretSetting, value: string | undefined): string | undefined {
  if (value === undefined || setting !== 'REDIS_URL') return value;
  if (!URL.canParse(value)) return undefined;
  const password = new URL(value).password;
  try {
    return password === '' ? undefined : decodeURIComponent(password);
  } catch {
    return password;
  }
}

/**
 * One line for each secret that must not run in production: a placeholder, a value another
 * secret holds too, one shorter than its minimum, or one that is easy to guess. `refused` are the
 * settings the schema has a line for already: only a placeholder or a reuse says more than it.
 */
function unsafeSecrets(present: Environment, refused: Set<string>): Map<SecretSetting, string> {
  const lines = new Map<SecretSetting, string>();
  const holders = new Map<string, SecretSetting>();
  for (const [setting, rule] of Object.entries(SECRET_RULES) as [SecretSetting, (typeof SECRET_RULES)[SecretSetting]][]) {
    const secret = secretValueOf(setting, present[setting]);
    if (secret === undefined) continue;
    const sameAs = holders.get(secret);
    if (!sameAs) holders.set(secret, setting);
    const problem = ((): string | undefined => {
      if (PLACEHOLDER_SECRETS.has(secret) || /^replace[-_ ]?with\b/i.test(secret)) return 'is a placeholder of the examples, not a secret';
      if (sameAs) return `is the same as ${sameAs}: each secret must be its own`;
      if (refused.has(setting)) return undefined;
      if (secret.length < rule.minLength) return `must be at least ${rule.minLength} characters`;
      if (isRepeatedPattern(secret) || new Set(secret).size < FEWEST_DISTINCT_CHARACTERS[rule.ours ? 'ours' : 'issued']) {
        return 'is easy to guess: a repeated pattern or too few different characters';
      }
      return undefined;
    })();
    if (problem) lines.set(setting, `${setting}: ${setting === 'REDIS_URL' ? 'its password ' : ''}${problem}; ${rule.howTo}`);
  }
  return lines;
}

export function parseConfig(environment: Environment): ConfigResult {
  const production = environment.NODE_ENV === 'production';
  // An empty variable is treated as unset, as shells and .env files tend to produce them.
  const present = Object.fromEntries(Object.entries(environment).filter(([, value]) => value !== ''));
  const parsed = settingsSchema(production).safeParse(present);
  const issues = parsed.success ? [] : parsed.error.issues;
  const secretProblems = production ? unsafeSecrets(present, new Set(issues.map((issue) => issue.path[0]?.toString() ?? ''))) : new Map<string, string>();
  const problems = [
    ...issues.filter((issue) => !secretProblems.has(issue.path[0]?.toString() as SecretSetting)).map((issue) => {
      const name = issue.path[0]?.toString() ?? 'environment';
      const missing = issue.code === 'invalid_type' && present[name] === undefined;
      if (!missing) return `${name}: ${issue.message}`;
      const example = REQUIRED_SETTING_EXAMPLES[name];
      return example ? `${name}: required in production, ${example}` : `${name}: required in production`;
    }),
    ...(production ? halfConfiguredClients(present) : []),
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

// ---- The settings reference: docs/settings.md is written from the schema and these lines ----

/** The schema itself, for the settings reference (dev/settings-reference.ts) and the tests that read it. */
export { settingsSchema };

/** Every setting's name, as the environment spells it. */
export type SettingName = keyof z.input<ReturnType<typeof settingsSchema>>;

/** What a setting does, in the words of docs/settings.md (Markdown; links relative to docs/), and a value to show. */
export type SettingDescription = { description: string; example: string };

/**
 * What each setting of the schema does, and an example: `npm run settings-reference` writes
 * docs/settings.md from these, the schema's defaults and the language registry (one
 * PRICING_URL_<CODE> per language, described from its entry). A setting added to the schema
 * without a line here fails the type check.
 */
export const SETTING_DESCRIPTIONS = {
  BACKEND_URL: { description: 'base URL of the product API, as this server reaches it (the paths begin with `/api/v1`)', example: 'https://api.example.com' },
  APP_DOMAINS: {
    description:
      'comma-separated parent domains served: `web.<domain>` and the organisations\' `<subDomain>.<domain>`. Development uses `desk.localhost`, not `localhost`: browsers refuse cookies for `Domain=localhost`',
    example: 'example.com,test.example.com',
  },
  SESSION_SECRET: {
    description:
      'keys the encrypted cookies: at least 32 characters, the same on every instance (`openssl rand -base64 48`). Development uses a fixed value and warns at start-up',
    example: '(the output of `openssl rand -base64 48`)',
  },
  SESSION_SECRET_PREVIOUS: {
    description: 'during a rotation, the former secret: cookies sealed with it still open, and none is sealed with it ([Deploying](../deploy/README.md))',
    example: '(the former `SESSION_SECRET`)',
  },
  ORG_BACKEND_URL_TEMPLATE: {
    description: 'an organisation\'s own API (for `users/me`), `{subDomain}` replaced by the organisation; unset, `BACKEND_URL`',
    example: 'https://{subDomain}.example.com',
  },
  PRODUCT_KEY: { description: 'prefix of the `{product}SubDomain` cookie that the main web app reads', example: 'flw' },
  GOOGLE_CLIENT_ID: {
    description:
      'the Google OAuth client (redirect URI `https://web.<domain>/login/google`): set both it and `GOOGLE_CLIENT_SECRET`, or neither and the Google button says it is not available; one without the other stops the server, naming the missing one. `npm run dev` sets the local identity provider\'s',
    example: 'replace-with-the-client-id.apps.googleusercontent.com',
  },
  GOOGLE_CLIENT_SECRET: { description: 'the Google OAuth client\'s secret; see `GOOGLE_CLIENT_ID`', example: 'replace-with-the-google-client-secret' },
  GOOGLE_ISSUER: {
    description: 'OpenID issuer of the Google button; its endpoints and keys come from its discovery document, so it may name any OpenID Connect provider',
    example: 'https://accounts.google.com',
  },
  MICROSOFT_CLIENT_ID: {
    description:
      'the Microsoft Entra application (redirect URI `https://web.<domain>/login/microsoft`): both it and `MICROSOFT_CLIENT_SECRET`, or neither and the button says it is not available; one without the other stops the server. `npm run dev` sets the local identity provider\'s',
    example: 'replace-with-the-entra-application-id',
  },
  MICROSOFT_CLIENT_SECRET: { description: 'the Entra application\'s client secret; see `MICROSOFT_CLIENT_ID`', example: 'replace-with-the-entra-client-secret' },
  MICROSOFT_AUTHORITY: {
    description:
      'MSAL authority: `…/organizations`, `…/common`, `…/<tenant-id>`, or any OpenID provider (`https://idp.example`, `https://idp.example/realms/acme`), which is trusted as configured (generic OpenID Connect)',
    example: 'https://login.microsoftonline.com/organizations',
  },
  GOOGLE_HOSTED_DOMAINS: {
    description: 'comma-separated Google Workspace domains (the token\'s `hd`) that may sign in with Google; empty: any verified Google account',
    example: 'acme.com,acme.de',
  },
  MICROSOFT_TENANT_IDS: {
    description:
      'comma-separated Entra directory (tenant) ids (the token\'s `tid`) that may sign in with Microsoft; a listed tenant\'s tokens need no `xms_edov`. Empty: any tenant whose tokens carry `xms_edov` true',
    example: '9188040d-6c67-4c5b-b112-36a304b66dad',
  },
  SSO_CLOCK_SKEW_SECONDS: { description: 'seconds of clock difference tolerated in an ID token\'s `iat`, `nbf` and `exp` (0 to 600)', example: '120' },
  SSO_REDIRECT_ALLOWLIST: {
    description:
      'comma-separated URLs a `redirect_uri` may name: the same scheme, host and port, and the entry\'s path or one below it at a `/` (`…/sso` allows `…/sso/cb`, never `…/sso-evil`); dot segments, encoded slashes and backslashes are refused. Empty: every `redirect_uri` refused. `npm run dev` admits `deskbooking://sso`, the sample app of [dev/README.md](../dev/README.md)',
    example: 'deskbooking://sso,https://control.example.com/sso',
  },
  SSO_REQUIRE_CODE_CHALLENGE: {
    description:
      '`true`: a start with `redirect_uri` must carry a PKCE `code_challenge` (S256), so that the app receives a one-time code to redeem at `POST /login/api/sso/token`, never the token ([Apps](identity-providers.md#apps-a-code-not-a-token)); `false`: an app without a challenge receives the token itself, and the start-up log warns what that costs',
    example: 'true',
  },
  TRUSTED_PROXY_HOPS: {
    description:
      'how many reverse proxies in front of the app append to `X-Forwarded-For`: the client is the entry that many places from the right ([Arrival](cookies-and-routes.md#arrival), [Deploying](../deploy/README.md)); `1` for nginx alone, `2` for a CDN or load balancer in front of nginx',
    example: '1',
  },
  REDIS_URL: {
    description:
      '`redis://` or `rediss://` (with `user:password@` where the server wants them): where every instance keeps the sign-in limits and one-time codes of the fleet ([Deploying](../deploy/README.md#shared-state-redis)); one line at start-up says which store this instance uses. Unset: per process, which holds for one instance only',
    example: 'rediss://desk-login:password@redis.example.com:6380',
  },
  REDIS_KEY_PREFIX: { description: 'prefix of every key this app writes to Redis, so that several deployments can share one', example: 'desk-login:' },
  INVITATION_FORWARDED_FIELDS: {
    description:
      `comma-separated fields of an invitation link (at most ${INVITATION_FORWARDED_FIELDS_MAX}) that \`addUser\` receives beside the address and the name, written as the link writes them; any other key of the link is never sent. Each value is passed on only up to 2,048 characters; \`email\`, \`name\` and \`deviceId\`, which the app sets itself, are refused`,
    example: 'inviteToken,language,domain,subDomain',
  },
  PORT: { description: 'the port the app listens on', example: '3000' },
  HOSTNAME: {
    description:
      'the address the app listens on, and its metrics too: all interfaces; never `127.0.0.1` behind a proxy (Next then mistakes the proxy\'s rewrites for another origin). `npm run dev` sets `127.0.0.1`',
    example: '0.0.0.0',
  },
  METRICS_PORT: {
    description:
      'the port of the Prometheus metrics, `GET /metrics`, on the app\'s address (`HOSTNAME`); never the app\'s `PORT`, which is refused. Taken by another process: one error line, and the app serves on without metrics ([Operations](operations.md#metrics-logs-and-traces), [Deploying](../deploy/README.md))',
    example: '9464',
  },
  LOG_LEVEL: { description: 'least severe level of the JSON log lines on stdout (`fatal` … `trace`, `silent`)', example: 'info' },
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: {
    description:
      'an OpenTelemetry collector\'s OTLP/HTTP traces endpoint: every request\'s spans are recorded and exported there ([Operations](operations.md#metrics-logs-and-traces)). Unset: nothing recorded; the request id serves as trace id, in the logs and on the backend calls',
    example: 'http://collector:4318/v1/traces',
  },
  OTEL_SERVICE_NAME: { description: 'the service name of the exported spans', example: 'desk-login' },
  PRIVACY_URL: { description: 'the privacy policy, linked from the login page', example: 'https://www.example.com/privacy' },
  SUPPORT_URL: { description: 'the support page', example: 'https://www.example.com/support' },
  APP_STORE_URL: { description: 'the iOS app in the App Store', example: 'https://apps.apple.com/app/id0000000000' },
  PLAY_STORE_URL: { description: 'the Android app in Google Play', example: 'https://play.google.com/store/apps/details?id=com.example.deskbooking' },
  MOBILE_APP_URL: { description: 'the deep link that opens the mobile app', example: 'deskbooking://open' },
  SALES_URL: { description: 'talk to sales (the free-trial-ended view)', example: 'https://www.example.com/talk-to-sales' },
  FREE_TRIAL_URL: { description: 'start a free trial', example: 'https://www.example.com/free-trial' },
  DEMO_URL: { description: 'book a demo', example: 'https://www.example.com/book-a-demo' },
} satisfies Record<Exclude<SettingName, PricingSetting>, SettingDescription>;

/** PRICING_URL_<CODE>, described from the language's registry entry. */
export function pricingSettingDescription(language: Language): SettingDescription {
  const entry = languageRegistry.find((candidate) => candidate.code === language)!;
  return { description: `the pricing page for \`${entry.code}\` (${entry.name}), on the free-trial-ended view`, example: entry.pricingUrlDefault };
}
