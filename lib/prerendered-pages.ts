import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

/**
 * The pages Next prerendered at build time (docs/decisions.md, Pages, forms and scripts), each
 * with the SHA-256 of every inline script it carries, read from the build output beside the
 * running server: the page policy admits exactly these (lib/security-headers.ts). Read once, on
 * the first page request, from the same files the server then sends.
 */
export type PrerenderedPages = ReadonlyMap<string, readonly string[]>;

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

/**
 * Every prerendered page's path (below the base path, as proxy.ts sees it) with its inline
 * scripts' hashes. Without a build (development), none: every page then gets a nonce.
 */
export function readPrerenderedPages(buildDirectory = join(process.cwd(), '.next')): PrerenderedPages {
  let manifest;
  try {
    manifest = prerenderManifest.parse(JSON.parse(readFileSync(join(buildDirectory, 'prerender-manifest.json'), 'utf8')));
  } catch {
    return new Map();
  }
  const pages = new Map<string, string[]>();
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
    pages.set(path, inlineScriptHashes(html));
  }
  return pages;
}
