// `npm run dev` asks for every route once in the background after start (dev/run.ts), so that
// next dev compiles each before a person's first click waits for it (issue 49: a first "Send
// sign-in link" read "Sending…" for half a minute on a busy machine).
import { readdirSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';

/**
 * A value for each dynamic segment of app/, so that each route can be asked for once; null where
 * the route is reached through another path (proxy.ts rewrites `/{lang}` to the login's variant).
 */
export const SEGMENT_VALUES: Record<string, string | null> = {
  '[lang]': 'en',
  '[provider]': 'google',
  '[variant]': null,
  '[device]': null,
  '[name]': 'privacy',
  '[file]': 'en.json',
  '[...unknown]': 'warm-up',
  '[[...rest]]': '',
};

const ROUTE_FILES = new Set(['page.tsx', 'route.ts']);

/** Routes a browser reaches by another address (next.config.mjs rewrites it): asked for by that one. */
const PUBLIC_PATHS: Record<string, string> = { '/sso/google/start': '/start-google', '/sso/google/return': '/google' };

/** The dynamic segments of app/ that SEGMENT_VALUES does not know: a new one must be added there. */
export function unknownSegments(appDirectory: string): string[] {
  return routeFiles(appDirectory)
    .flatMap((segments) => segments)
    .filter((segment) => segment.startsWith('[') && !(segment in SEGMENT_VALUES));
}

function routeFiles(directory: string, segments: string[] = []): string[][] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return routeFiles(join(directory, entry.name), [...segments, entry.name]);
    return ROUTE_FILES.has(entry.name) ? [segments] : [];
  });
}

/**
 * `/en` is the login page's prerendered variant (proxy.ts); the page its form posts to, where
 * "Send sign-in link" runs, is rendered by the server when the address names a message.
 */
const LOGIN_PAGE_RENDERED = '/en?error=user-close';

/** The path, under the base path, of every page and route handler of `appDirectory`; the login page first. */
export function warmUpPaths(appDirectory: string): string[] {
  const paths = routeFiles(appDirectory).flatMap((segments) => {
    const values = segments.filter((segment) => !segment.startsWith('(')).map((segment) => (segment.startsWith('[') ? SEGMENT_VALUES[segment] : segment));
    if (values.some((value) => value === null || value === undefined)) return [];
    const path = `/${values.filter(Boolean).join('/')}`;
    return [PUBLIC_PATHS[path] ?? path];
  });
  const others = [...new Set(paths)].filter((path) => path !== '/en').sort();
  return ['/en', LOGIN_PAGE_RENDERED, ...others];
}

/** Asks the gateway for `path`, as a browser on `host` would; resolves with the status, 0 when nothing answered. */
function ask(gatewayPort: number, host: string, path: string): Promise<number> {
  return new Promise((resolve) => {
    request({ host: '127.0.0.1', port: gatewayPort, path, headers: { host } }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    })
      .on('error', () => resolve(0))
      .end();
  });
}

/**
 * Each route once, one after another (next dev compiles each on its first request; two cores
 * gain nothing from asking for several at once). Waits for the gateway and the app to answer
 * first. Resolves with the number of routes and the seconds it took.
 */
export async function warmUp({ gatewayPort, host, paths }: { gatewayPort: number; host: string; paths: string[] }): Promise<{ routes: number; seconds: number }> {
  const started = performance.now();
  for (const [index, path] of paths.entries()) {
    // A 502 or no answer at all: the gateway or the app is still starting.
    while (index === 0 && [0, 502].includes(await ask(gatewayPort, host, `/login${path}`))) await new Promise((resolve) => setTimeout(resolve, 500));
    if (index > 0) await ask(gatewayPort, host, `/login${path}`);
  }
  return { routes: paths.length, seconds: Math.round((performance.now() - started) / 1000) };
}
