/**
 * The security headers of every response (SECURITY.md). Pages get a Content-Security-Policy from
 * the proxy: a prerendered page admits its own inline scripts by their hashes, a page rendered
 * per request those with its fresh nonce; files the proxy never sees (build assets, the logo,
 * the dictionaries) get a policy that allows nothing at all, from next.config.mjs.
 *
 * Plain TypeScript without path aliases: next.config.mjs imports this file directly.
 */

/** Where a form of ours may send the browser: a no-JavaScript post follows the action's redirect. */
export type FormTargets = {
  /** As the request arrived: `http` only in development. */
  protocol: 'https' | 'http';
  appDomains: readonly string[];
  /** The port of the current host, kept in every organisation URL. */
  port: string;
  /** SSO_REDIRECT_ALLOWLIST: mobile-app schemes and control-centre addresses. */
  redirectAllowlist: readonly string[];
};

/** Headers that are the same on every response. */
export const STATIC_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  // Sign-in links carry their credential in the query. `same-origin` keeps every URL of ours
  // from other sites; `no-referrer` would also blank the Origin of our own form posts, which
  // Next's server actions check.
  'Referrer-Policy': 'same-origin',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-site',
  'Permissions-Policy':
    'accelerometer=(), browsing-topics=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()',
};

/** For build assets, images and dictionaries: they are never documents that run anything. */
export const ASSET_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** 128 random bits, base64: unguessable for the lifetime of one response. */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

function formActionSources(targets: FormTargets): string[] {
  const port = targets.port ? `:${targets.port}` : '';
  const organisations = targets.appDomains.map((domain) => `${targets.protocol}://*.${domain}${port}`);
  const allowlisted = targets.redirectAllowlist.flatMap((entry) => {
    try {
      const url = new URL(entry);
      return [url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : url.protocol];
    } catch {
      return [];
    }
  });
  return ["'self'", ...new Set([...organisations, ...allowlisted])];
}

/**
 * Which scripts a page may run. Rendered per request: those with this response's nonce, and what
 * they load. Prerendered: its inline scripts by their SHA-256, and files from the build's own
 * folder (`buildAssets`, an absolute URL ending in `/`), a rule every engine honours for the
 * `<script src>` elements the page carries and for the chunks they load.
 */
export type PageScripts = { nonce: string } | { inlineHashes: readonly string[]; buildAssets: string };

function scriptSources(scripts: PageScripts, development: boolean): string[] {
  if ('nonce' in scripts) return [`'nonce-${scripts.nonce}'`, "'strict-dynamic'", ...(development ? ["'unsafe-eval'"] : [])];
  return [...scripts.inlineHashes, scripts.buildAssets];
}

/**
 * The policy of a page: only its own scripts (above), nothing from anywhere else, no frames, no
 * plugins, no `<base>`. Development adds what Next's dev server needs (eval for React's call
 * stacks, injected styles); production never does.
 */
export function pageContentSecurityPolicy(scripts: PageScripts, targets: FormTargets, development = false, inlineStyles: readonly string[] = []): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'none'"],
    'script-src': scriptSources(scripts, development),
    // The stylesheets a page carries inline, each by its hash (lib/platform/pages/inline-style-hashes.ts).
    'style-src': ["'self'", ...(development ? ["'unsafe-inline'"] : inlineStyles)],
    'img-src': ["'self'", ...(development ? ['data:', 'blob:'] : [])],
    'font-src': ["'self'"],
    'connect-src': ["'self'"],
    'manifest-src': ["'self'"],
    'form-action': formActionSources(targets),
    'frame-ancestors': ["'none'"],
    'base-uri': ["'none'"],
    'object-src': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/**
 * `pageContentSecurityPolicy` for one set of form targets, built once: the policy of each
 * response is then the nonce put into place.
 */
export function pageContentSecurityPolicyWithNonce(
  targets: FormTargets,
  development = false,
  inlineStyles: readonly string[] = [],
): (nonce: string) => string {
  const marker = '\u0000';
  const [before, after] = pageContentSecurityPolicy({ nonce: marker }, targets, development, inlineStyles).split(marker);
  return (nonce) => `${before}${nonce}${after}`;
}
