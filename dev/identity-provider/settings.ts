// Where the local identity provider listens, the issuers it plays and the two clients it knows.
// dev/run.ts reads the same values to point the app at it, so both sides agree by construction.
import { fileURLToPath } from 'node:url';

export type ProviderKind = 'google' | 'microsoft';

export type ClientSettings = { clientId: string; clientSecret: string; redirectUris: string[] };

// A made-up directory (tenant) id: Entra issuers name the tenant, so ours does too.
export const localTenantId = '3f2a1b4c-5d6e-4f70-8a9b-0c1d2e3f4a5b';

const port = Number(process.env.IDP_PORT ?? 3003);
const host = '127.0.0.1';
const origin = `https://${host}:${port}`;

function listFromEnv(name: string, fallback: string): string[] {
  return (process.env[name] ?? fallback)
    .split(',')
    .map((item) => item.trim().replace(/\/+$/, ''))
    .filter((item) => item.length > 0);
}

// The app's return addresses (contracts section 4): <origin>/login/google and /login/microsoft.
const redirectOrigins = listFromEnv('IDP_REDIRECT_ORIGINS', 'http://web.desk.localhost:3000');

export const identityProviderSettings = {
  port,
  host,
  origin,
  // The path prefix each provider is mounted at; it is also the path of its issuer.
  mountPaths: {
    google: '/google',
    microsoft: `/microsoft/${localTenantId}/v2.0`,
  } satisfies Record<ProviderKind, string>,
  googleIssuer: `${origin}/google`,
  // Shaped like https://login.microsoftonline.com/<tenant>/v2.0, which is also Entra's issuer.
  microsoftAuthority: `${origin}/microsoft/${localTenantId}/v2.0`,
  clients: {
    google: {
      clientId: process.env.GOOGLE_CLIENT_ID ?? 'dev-google-client',
      clientSecret: process.env.GOOGLE_CLIENT_SECRET ?? 'dev-google-secret',
      redirectUris: redirectOrigins.map((redirectOrigin) => `${redirectOrigin}/login/google`),
    },
    microsoft: {
      clientId: process.env.MICROSOFT_CLIENT_ID ?? 'dev-microsoft-client',
      clientSecret: process.env.MICROSOFT_CLIENT_SECRET ?? 'dev-microsoft-secret',
      redirectUris: redirectOrigins.map((redirectOrigin) => `${redirectOrigin}/login/microsoft`),
    },
  } satisfies Record<ProviderKind, ClientSettings>,
  // Names besides localhost and 127.0.0.1 that the HTTPS certificate must cover.
  certificateDnsNames: listFromEnv('IDP_CERTIFICATE_DNS_NAMES', ''),
  // Git-ignored; the certificate authority, the server certificate and the ID-token signing keys.
  certificateDirectory: process.env.IDP_CERTIFICATE_DIRECTORY ?? fileURLToPath(new URL('../.certificates/', import.meta.url)),
};

export const providerLabels: Record<ProviderKind, string> = { google: 'Google', microsoft: 'Microsoft' };
