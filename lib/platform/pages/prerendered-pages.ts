import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

/**
 * The pages Next prerendered at build time (docs/decisions.md, Pages, forms and scripts), read
 * once, on the first page request, from the same files the server then sends. Each with the
 * SHA-256 of every inline script it carries, which the page policy admits (lib/platform/pages/security-headers.ts),
 * and the ETag of its bytes, which proxy.ts sends in place of Next's hash of every answer.
 */
export type PrerenderedPage = { inlineHashes: readonly string[]; etag: string };
export type PrerenderedPages = ReadonlyMap<string, PrerenderedPage>;

const prerenderManifest = z.object({
  routes: z.record(z.string(), z.object({ routeType: z.string().optional(), dataRoute: z.string().nullable().optional() })),
});

// Script data ends at the first `</script` (HTML's script data state), so no script holds one.
const SCRIPT_ELEMENT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const SRC_ATTRIBUTE = /\ssrc\s*=/i;

/** `'sha256-…'` of each inline script of a prerendered page's HTML, in order of appearance. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes = '', text = ''] of html.matchAll(SCRIPT_ELEMENT)) {
    if (SRC_ATTRIBUTE.test(attributes)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);
  }
  return [...new Set(hashes)];
}

/** A strong ETag of a page's HTML: the same on every replica of one build, another for any other byte. */
export function etagOf(html: string): string {
  return `"${createHash('sha256').update(html, 'utf8').digest('base64url')}"`;
}

/**
 * Every prerendered page's path (below the base path, as proxy.ts sees it) with its inline
 * scripts' hashes and its ETag. Read only by a production server (proxy.ts): `next dev` gives every page a nonce, a build beside it or not.
 */
export function readPrerenderedPages(buildDirectory = join(process.cwd(), '.next')): PrerenderedPages {
  let manifest;
  try {
    manifest = prerenderManifest.parse(JSON.parse(readFileSync(join(buildDirectory, 'prerender-manifest.json'), 'utf8')));
  } catch {
    return new Map();
  }
  const pages = new Map<string, PrerenderedPage>();
  for (const [path, route] of Object.entries(manifest.routes)) {
    // Pages only (a route handler's output, such as /locale/en.json, runs nothing), and not the
    // framework's own error pages, which only Next sends.
    if (route.routeType !== 'page' || path.startsWith('/_')) continue;
    let html;
    try {
      html = readFileSync(join(buildDirectory, 'server/app', `${path}.html`), 'utf8');
    } catch {
      continue;
    }
    pages.set(path, { inlineHashes: inlineScriptHashes(html), etag: etagOf(html) });
  }
  return pages;
}
