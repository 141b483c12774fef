import { ASSET_CONTENT_SECURITY_POLICY, STATIC_SECURITY_HEADERS } from '../../lib/platform/pages/security-headers.ts';

/**
 * The headers nginx sends with the build's files (`location ^~ /login/_next/static/` in
 * desk-booking.conf), the same as the app sends with them: its policy for files and its security
 * headers (next.config.mjs, headers()), and Next's own cache lifetime for content-hashed names.
 * `node deploy/nginx/write-build-files-headers.ts` writes them into the site; a unit test holds the
 * site to them. The security headers come `always`, on nginx's own 404 too; the lifetime only with
 * a file.
 */
export const BUILD_FILES_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** A value as nginx reads it between double quotes: `$` would start a variable, and nothing escapes it. */
function quoted(value: string): string {
  if (/[$"\\\n]/.test(value)) throw new Error(`a header value nginx cannot quote as it is: ${value}`);
  return `"${value}"`;
}

export function buildFilesHeaderLines(): string[] {
  const security = { ...STATIC_SECURITY_HEADERS, 'Content-Security-Policy': ASSET_CONTENT_SECURITY_POLICY };
  return [
    `add_header Cache-Control ${quoted(BUILD_FILES_CACHE_CONTROL)};`,
    ...Object.entries(security).map(([name, value]) => `add_header ${name} ${quoted(value)} always;`),
  ];
}

const HEADERS_BLOCK = /^( *)(# The headers the app sends with these files, written [^\n]*\n)(?:\1add_header [^\n]*\n)*/m;

/** The site with the lines after its "# The headers the app sends with these files" comment replaced by `lines`. */
export function siteWithBuildFilesHeaders(site: string, lines: readonly string[] = buildFilesHeaderLines()): string {
  if (!HEADERS_BLOCK.test(site)) throw new Error('deploy/nginx/desk-booking.conf: no comment "# The headers the app sends with these files, written …" to write them after');
  return site.replace(HEADERS_BLOCK, (_block, indent: string, comment: string) => `${indent}${comment}${lines.map((line) => `${indent}${line}\n`).join('')}`);
}
