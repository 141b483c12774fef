import { languageRegistry, type Language } from '../../vocabulary/languages.ts';
import { openIdProviders } from '../../vocabulary/providers.ts';
import { INVITATION_FORWARDED_FIELDS_MAX, MAKE_A_SECRET, openIdSettingOf, openIdSettingParts, type OpenIdSetting, type PricingSetting, type SettingName } from './schema.ts';

/** What a setting does, in the words of docs/settings.md (Markdown; links relative to docs/), and a value to show. */
export type SettingDescription = { description: string; example: string };

/**
 * What each setting of the schema does, and an example: `npm run settings-reference` writes
 * docs/settings.md from these, the schema's defaults and the language registry (one
 * PRICING_URL_<CODE> per language, described from its entry). A setting added to the schema
 * without a line here fails the type check.
 */
export const SETTING_DESCRIPTIONS = {
  BACKEND_URL: { description: 'base URL of the product API, as this server reaches it (the paths begin with `/api/v1`); in production `https://`, unless on this machine (a TLS sidecar)', example: 'https://api.example.com' },
  APP_DOMAINS: {
    description:
      'comma-separated parent domains served: `web.<domain>` and the organisations\' `<subDomain>.<domain>`. Development uses `desk.localhost`, not `localhost`: browsers refuse cookies for `Domain=localhost`',
    example: 'example.com,test.example.com',
  },
  SESSION_SECRET: {
    description:
      `keys the encrypted cookies: the output of \`${MAKE_A_SECRET}\`, the same on every instance; in production a placeholder, a reuse or a value easy to guess stops the server. Development uses a fixed value and warns at start-up`,
    example: `(the output of \`${MAKE_A_SECRET}\`)`,
  },
  SESSION_SECRET_PREVIOUS: {
    description: 'during a rotation, the former secret: cookies sealed with it still open, and none is sealed with it ([Deploying](../deploy/README.md))',
    example: '(the former `SESSION_SECRET`)',
  },
  ORG_BACKEND_URL_TEMPLATE: {
    description: 'an organisation\'s own API (for `users/me`), `{subDomain}` replaced by the organisation; unset, `BACKEND_URL`; in production `https://`, unless on this machine',
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
      `\`redis://\` or \`rediss://\` (with \`user:password@\` where the server wants them, the password made with \`${MAKE_A_SECRET}\`; the one ioredis sends, from there or from \`?password=\`, is judged as \`SESSION_SECRET\` is): where every instance keeps the sign-in limits and one-time codes of the fleet ([Deploying](../deploy/README.md#shared-state-redis)); one line at start-up says which store this instance uses. In production \`rediss://\`, unless on this machine. Unset: per process, which holds for one instance only`,
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
      'an OpenTelemetry collector\'s OTLP/HTTP traces endpoint: every request\'s spans are recorded and exported there ([Operations](operations.md#metrics-logs-and-traces)). In production `https://`, unless on this machine (a collector beside the app). Unset: nothing recorded; the request id serves as trace id, in the logs and on the backend calls',
    example: 'https://collector:4318/v1/traces',
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
} satisfies Record<Exclude<SettingName, PricingSetting | OpenIdSetting>, SettingDescription>;

/** PRICING_URL_<CODE>, described from the language's registry entry. */
export function pricingSettingDescription(language: Language): SettingDescription {
  const entry = languageRegistry.find((candidate) => candidate.code === language)!;
  return { description: `the pricing page for \`${entry.code}\` (${entry.name}), on the free-trial-ended view`, example: entry.pricingUrlDefault };
}

/** `<ID>_CLIENT_ID`, `<ID>_CLIENT_SECRET` and `<ID>_ISSUER` of a plain OpenID Connect provider, described from its registry entry; undefined for any other setting. */
export function openIdSettingDescription(setting: string): SettingDescription | undefined {
  for (const provider of openIdProviders) {
    const part = openIdSettingParts.find((candidate) => openIdSettingOf(provider, candidate) === setting);
    if (part === 'CLIENT_ID') return { description: `${provider.name} single sign-on client id; with the secret and the issuer (all three, or none)`, example: `${provider.id}-client-id` };
    if (part === 'CLIENT_SECRET') return { description: `${provider.name} client secret`, example: '(from the provider)' };
    if (part === 'ISSUER') return { description: `${provider.name}'s OpenID Connect issuer, whose discovery document is at \`<issuer>/.well-known/openid-configuration\` (docs/identity-providers.md)`, example: `https://${provider.id}.example.com` };
  }
  return undefined;
}
