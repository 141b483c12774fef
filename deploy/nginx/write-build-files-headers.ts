// Writes the headers of the build's files, from lib/platform/pages/security-headers.ts, into desk-booking.conf:
// node --disable-warning=MODULE_TYPELESS_PACKAGE_JSON deploy/nginx/write-build-files-headers.ts
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { siteWithBuildFilesHeaders } from './build-files-headers.ts';

const sitePath = fileURLToPath(new URL('desk-booking.conf', import.meta.url));
writeFileSync(sitePath, siteWithBuildFilesHeaders(readFileSync(sitePath, 'utf8')));
console.log("deploy/nginx/desk-booking.conf: the build's files' headers written from lib/platform/pages/security-headers.ts");
