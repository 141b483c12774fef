/**
 * The rewrites of next.config.mjs. How proxy.ts hands a load of the login page to its prerendered variant (lib/platform/pages/login-page-variant.ts):
 * it names the variant in a request header that only it writes, and next.config.mjs rewrites on
 * that header. Not the proxy's own rewrite: Next takes a proxy's rewrite for a request to another
 * origin whenever the server listens on 127.0.0.1 (the proxy's URL says `localhost`).
 *
 * Plain TypeScript without path aliases: next.config.mjs imports this file directly.
 */
export const LOGIN_PAGE_VARIANT_HEADER = 'x-desk-login-variant';

/** Below `/{lang}/`: the prerendered pages' own folder, reached only through this rewrite. */
export const PRERENDERED_LOGIN_SEGMENT = 'as-last-used';

/**
 * Next's rewrite, applied after proxy.ts: `/{lang}` with the header becomes the variant's page.
 * The proxy writes the header only for a language it serves, and removes any a client sent.
 */
export function loginPageRewrite() {
  return {
    source: '/:lang',
    has: [{ type: 'header' as const, key: LOGIN_PAGE_VARIANT_HEADER, value: '(?<variant>[a-z.]+)' }],
    destination: `/:lang/${PRERENDERED_LOGIN_SEGMENT}/:variant`,
  };
}

/**
 * An address below `/api` or a sign-in start that is none of their routes: the global not-found
 * page (app/global-not-found.tsx). An after-files rewrite applies only when no route of the
 * file system matched, and before `app/[lang]`, which would otherwise take `api` for a language.
 */
export function outsideLanguagesNotFoundRewrite() {
  return { source: '/:first(api|start-[a-z]+)/:rest+', destination: '/_not-found' };
}

/**
 * Every provider's start and return address, `/start-<segment>` and `/<segment>`, registered with
 * the providers and linked to by the apps, served by one route each (app/sso/[provider]/). The
 * internal paths are no address of ours: the proxy sends `/sso/…` to the login page.
 */
export function providerRouteRewrites(routeSegments: readonly string[]) {
  return routeSegments.flatMap((segment) => [
    { source: `/start-${segment}`, destination: `/sso/${segment}/start` },
    { source: `/${segment}`, destination: `/sso/${segment}/return` },
  ]);
}
