import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUILD_FILES_CACHE_CONTROL, buildFilesHeaderLines, siteWithBuildFilesHeaders } from '@/deploy/nginx/build-files-headers';
import { ASSET_CONTENT_SECURITY_POLICY, STATIC_SECURITY_HEADERS } from '@/lib/platform/pages/security-headers';

const site = readFileSync(join(process.cwd(), 'deploy/nginx/desk-booking.conf'), 'utf8');

/** The lines of the site's location for the build's files, up to its first nested location. */
function buildFilesLocation(text: string): string[] {
  const start = text.indexOf('location ^~ /login/_next/static/ {');
  expect(start).toBeGreaterThan(-1);
  return text.slice(start, text.indexOf('location ~', start)).split('\n').map((line) => line.trim());
}

describe("nginx's headers of the build's files", () => {
  it('are the ones lib/platform/pages/security-headers.ts makes: after changing one there, run deploy/nginx/write-build-files-headers.ts', () => {
    expect(siteWithBuildFilesHeaders(site) === site).toBe(true);
  });

  it('say every security header and the files\' policy on every answer, and the year-long lifetime only with a file', () => {
    const lines = buildFilesLocation(site);
    for (const [name, value] of Object.entries({ ...STATIC_SECURITY_HEADERS, 'Content-Security-Policy': ASSET_CONTENT_SECURITY_POLICY })) {
      expect(lines).toContain(`add_header ${name} "${value}" always;`);
    }
    expect(lines).toContain(`add_header Cache-Control "${BUILD_FILES_CACHE_CONTROL}";`);
    // nginx inherits no add_header of the server once a location has one of its own: these are all it sends.
    expect(lines.filter((line) => line.startsWith('add_header'))).toHaveLength(Object.keys(STATIC_SECURITY_HEADERS).length + 2);
  });

  it('are written again when a header changes', () => {
    const changed = site.replace('add_header X-Frame-Options "DENY" always;', 'add_header X-Frame-Options "SAMEORIGIN" always;');
    expect(changed).not.toBe(site);
    expect(siteWithBuildFilesHeaders(changed)).toBe(site);
    expect(buildFilesHeaderLines()).toContain('add_header X-Frame-Options "DENY" always;');
  });
});
