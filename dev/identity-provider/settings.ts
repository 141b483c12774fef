// Where the local identity provider listens, the issuers it plays and the clients it knows: one
// for each provider of the app's registry. dev/run.ts reads the same values to point the app at
// it, so both sides agree by construction.
import { fileURLToPath } from 'node:url';
import { developmentClientSecretOf } from '../../lib/platform/settings/schema.ts';
import { providers, type ProviderId } from '../../lib/vocabulary/providers.ts';

/** The shapes of Google's and Microsoft's own sites; any other provider of the registry is plain OpenID Connect. */
export type ProviderKind = 'google' | 'microsoft';

/**
 * The shapes of provider played here. `google` and `microsoft` (Entra ID) stand in for the real
 * ones; `keycloak` is a provider whose issuer has a path (`/realms/acme`), `generic` one whose
 * issuer is a bare origin, on a listener of its own. The last two know every client, since an
 * administrator may put any OpenID provider behind any button; a plain OpenID Connect provider
 * of the registry signs in at the realm in development (dev/run.ts).
 */
export type SiteKind = ProviderKind | 'keycloak' | 'generic';

export type ClientSettings = { clientId: string; clientSecret: string; redirectUris: string[] };

// A made-up directory (tenant) id: Entra issuers name the tenant, so ours does too.
export const localTenantId = '3f2a1b4c-5d6e-4f70-8a9b-0c1d2e3f4a5b';

const port = Number(process.env.IDP_PORT ?? 3003);
const host = '127.0.0.1';
const origin = `https://${host}:${port}`;
// The bare-origin provider needs an origin of its own: its endpoints live directly under `/`.
const genericPort = Number(process.env.IDP_GENERIC_PORT ?? port + 1);
const genericOrigin = `https://${host}:${genericPort}`;
const realmPath = '/realms/acme';

function listFromEnv(name: string, fallback: string): string[] {
  return (process.env[name] ?? fallback)
    .split(',')
    .map((item) => item.trim().replace(/\/+$/, ''))
    .filter((item) => item.length > 0);
}

// The app's return addresses (docs/decisions.md, Single sign-on): <origin>/login/google and /login/microsoft.
const redirectOrigins = listFromEnv('IDP_REDIRECT_ORIGINS', 'http://web.desk.localhost:3000');

export const identityProviderSettings = {
  port,
  host,
  origin,
  genericPort,
  genericOrigin,
  // The path prefixes each provider is mounted at; the first is also the path of its issuer.
  // Entra answers for a tenant both at /<tenant-id> and, for multi-tenant apps, at /organizations.
  mountPaths: {
    google: ['/google'],
    microsoft: [`/microsoft/${localTenantId}/v2.0`, '/microsoft/organizations/v2.0'],
    // The second serves the realm's own document (its issuer the first) under another path, as a
    // misconfigured proxy in front of a provider would: an app configured with it must refuse it.
    keycloak: [realmPath, `${realmPath}-mirror`],
    generic: [''],
  } satisfies Record<SiteKind, string[]>,
  googleIssuer: `${origin}/google`,
  // Shaped like https://login.microsoftonline.com/<tenant>/v2.0, which is also Entra's issuer.
  microsoftAuthority: `${origin}/microsoft/${localTenantId}/v2.0`,
  // Shaped like https://login.microsoftonline.com/organizations/v2.0: its discovery document names
  // the issuer https://…/microsoft/{tenantid}/v2.0, and each token its own tenant.
  microsoftMultiTenantAuthority: `${origin}/microsoft/organizations/v2.0`,
  // Keycloak-style: https://host/realms/<name>.
  realmIssuer: `${origin}${realmPath}`,
  realmMirrorIssuer: `${origin}${realmPath}-mirror`,
  genericIssuer: genericOrigin,
  // Each provider's client, with the settings' names the app reads: GOOGLE_CLIENT_ID, OKTA_CLIENT_ID, ….
  clients: Object.fromEntries(
    providers.map(({ id, routeSegment }) => [
      id,
      {
        clientId: process.env[`${id.toUpperCase()}_CLIENT_ID`] ?? `dev-${id}-client`,
        clientSecret: process.env[`${id.toUpperCase()}_CLIENT_SECRET`] ?? developmentClientSecretOf(id),
        redirectUris: redirectOrigins.map((redirectOrigin) => `${redirectOrigin}/login/${routeSegment}`),
      },
    ]),
  ) as Record<ProviderId, ClientSettings>,
  // Names besides localhost and 127.0.0.1 that the HTTPS certificate must cover.
  certificateDnsNames: listFromEnv('IDP_CERTIFICATE_DNS_NAMES', ''),
  // Git-ignored; the certificate authority, the server certificate and the ID-token signing keys.
  certificateDirectory: process.env.IDP_CERTIFICATE_DIRECTORY ?? fileURLToPath(new URL('../.certificates/', import.meta.url)),
};

export const providerLabels: Record<SiteKind, string> = {
  google: 'Google',
  microsoft: 'Microsoft',
  keycloak: 'Keycloak (realm acme)',
  generic: 'an OpenID provider',
};
