import { z } from 'zod';
import { languageRegistry, type Language } from '../../vocabulary/languages.ts';
import { openIdProviders, type OpenIdProvider, type ProviderDescriptor } from '../../vocabulary/providers.ts';

/**
 * Every setting of the app, parsed once from the environment (docs/decisions.md, Settings).
 * In development each setting has a default that points at the local stand-ins in `dev/`;
 * in production a missing or malformed value stops the server with one line per problem.
 */

export const DEVELOPMENT_SESSION_SECRET = 'development-only-secret-do-not-use-in-production';
/** The client secret `npm run dev`'s identity provider gives a provider of the registry (dev/identity-provider/settings.ts). */
export function developmentClientSecretOf(providerId: string): string {
  return `dev-${providerId}-secret`;
}
export const DEVELOPMENT_CLIENT_SECRETS = { google: developmentClientSecretOf('google'), microsoft: developmentClientSecretOf('microsoft') };
/** The one way to make a secret of ours, named by every refusal and document: hex, so that it sits in a URL as it is. */
export const MAKE_A_SECRET = 'openssl rand -hex 32';

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

/**
 * A plain OpenID Connect provider of the registry is configured by three settings named after its
 * id, e.g. OKTA_CLIENT_ID, OKTA_CLIENT_SECRET and OKTA_ISSUER: all three, or none.
 */
export type OpenIdSettingPart = 'CLIENT_ID' | 'CLIENT_SECRET' | 'ISSUER';
export type OpenIdSetting = `${Uppercase<OpenIdProvider['id']>}_${OpenIdSettingPart}`;
export const openIdSettingParts: readonly OpenIdSettingPart[] = ['CLIENT_ID', 'CLIENT_SECRET', 'ISSUER'];

export function openIdSettingOf(provider: Pick<ProviderDescriptor, 'id'>, part: OpenIdSettingPart): OpenIdSetting {
  return `${provider.id.toUpperCase()}_${part}` as OpenIdSetting;
}

function openIdProviderSettings() {
  return Object.fromEntries(
    openIdProviders.flatMap((provider) => [
      [openIdSettingOf(provider, 'CLIENT_ID'), z.string().min(1).optional()],
      [openIdSettingOf(provider, 'CLIENT_SECRET'), z.string().min(1).optional()],
      [openIdSettingOf(provider, 'ISSUER'), httpsUrl.optional()],
    ]),
  ) as Record<OpenIdSetting, z.ZodOptional<z.ZodString> | z.ZodOptional<typeof httpsUrl>>;
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

export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export function settingsSchema(production: boolean) {
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
    ...openIdProviderSettings(),
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
    // Where the fleet keeps its limits and one-time codes (lib/platform/shared-store/); unset: per process.
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

/** Every setting's name, as the environment spells it. */
export type SettingName = keyof z.input<ReturnType<typeof settingsSchema>>;
