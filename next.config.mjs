import createNextIntlPlugin from 'next-intl/plugin';
import { BASE_PATH } from './lib/vocabulary/base-path.ts';
import { FORM_POST_MAX_KB } from './lib/platform/pages/form-post-limit.ts';
import { loginPageRewrite, outsideLanguagesNotFoundRewrite, providerRouteRewrites } from './lib/platform/pages/login-page-rewrite.ts';
import { providers } from './lib/vocabulary/providers.ts';
import { ASSET_CONTENT_SECURITY_POLICY, STATIC_SECURITY_HEADERS } from './lib/platform/pages/security-headers.ts';

// Messages are compiled at build time, so no ICU message is parsed while a page renders.
const withNextIntl = createNextIntlPlugin({
  requestConfig: './lib/platform/i18n/request.ts',
  experimental: { messages: { path: './messages', format: 'json', locales: 'infer', precompile: true } },
});

/** @type {import('next').NextConfig} */
const nextConfig = {
  basePath: BASE_PATH,
  // A server that runs on its own: `node .next/standalone/server.js` (deploy/README.md).
  output: 'standalone',
  // No next/image here: the native image libraries stay out of the standalone server.
  images: { unoptimized: true },
  outputFileTracingExcludes: { '*': ['node_modules/sharp/**', 'node_modules/@img/**'] },
  // lib/platform/shared-store/'s libraries are loaded by Node, not bundled once per layer: one Redis
  // client and one set of classes per process. zxcvbn (lib/platform/settings/secret-rules.ts) too:
  // bundled, its dictionary was copied into eight chunks, 3.7 MB more in the standalone server.
  serverExternalPackages: ['ioredis', 'rate-limiter-flexible', '@zxcvbn-ts/core', '@zxcvbn-ts/language-common'],
  poweredByHeader: false,
  // nginx compresses what this app sends (deploy/nginx/desk-booking.conf): gzip in this process
  // cost 1.2 ms of CPU per page load a browser asks for, more than the prerendered page itself.
  compress: false,
  // Next hashes every prerendered page it sends for an ETag, a quarter of that answer's CPU; proxy.ts
  // sends the ETag taken once from the page's bytes instead (lib/platform/pages/prerendered-pages.ts).
  generateEtags: false,
  // Development only (`next dev`): its request lines print sign-in links' queries and server
  // actions' arguments, addresses included. The app's own log says what happened, without them.
  logging: { incomingRequests: false, serverFunctions: false },
  // Development only: Next's round indicator sits in a corner over the page, and at 375 px the card
  // fills the width, so it covered the card's corner and its text. Build and runtime errors still show.
  devIndicators: false,
  // global-not-found: the page for an address that matches nothing is rendered only for those, not
  // carried in every page's payload, and reads the browser's language without making pages dynamic.
  // A server action's body: the largest a real page posts is 25 KB, a link's confirmation whose
  // address fills nginx's 8 KB request line (docs/decisions.md, Pages, forms and scripts); nginx
  // refuses more before it reaches the app (deploy/nginx/desk-booking.conf, client_max_body_size),
  // and this refuses the same where no such proxy stands in front. Next's default is 1 MB.
  experimental: { inlineCss: true, globalNotFound: true, serverActions: { bodySizeLimit: `${FORM_POST_MAX_KB}kb` } },
  reactStrictMode: true,
  // `npm test` has tsc check the whole project before it builds (package.json): not twice.
  typescript: { ignoreBuildErrors: process.env.DESK_LOGIN_TYPES_CHECKED === 'tsc' },
  // After proxy.ts: the login page's prerendered variant that the proxy chose, and the not-found
  // page for addresses outside the language pages (lib/platform/pages/login-page-rewrite.ts).
  async rewrites() {
    return {
      beforeFiles: [loginPageRewrite(), ...providerRouteRewrites(providers.map((provider) => provider.routeSegment))],
      afterFiles: [outsideLanguagesNotFoundRewrite()],
      fallback: [],
    };
  },
  // Pages get their headers, with a policy, from proxy.ts; these are the files it never sees.
  async headers() {
    const headers = Object.entries({ ...STATIC_SECURITY_HEADERS, 'Content-Security-Policy': ASSET_CONTENT_SECURITY_POLICY }).map(
      ([key, value]) => ({ key, value }),
    );
    return [
      { source: '/_next/:path*', headers },
      { source: '/locale/:file', headers },
      { source: '/:file(logo\\.svg|icon\\.svg)', headers },
    ];
  },
};

export default withNextIntl(nextConfig);
