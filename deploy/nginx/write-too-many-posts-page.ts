// Writes nginx's 429 page, in every language of lib/vocabulary/languages.ts, into desk-booking.conf:
// node --disable-warning=MODULE_TYPELESS_PACKAGE_JSON deploy/nginx/write-too-many-posts-page.ts
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { siteWithTooManyPostsPage, tooManyPostsPage, tooManyPostsTexts } from './too-many-posts-page.ts';

const sitePath = fileURLToPath(new URL('desk-booking.conf', import.meta.url));
const page = tooManyPostsPage(tooManyPostsTexts(fileURLToPath(new URL('../../messages', import.meta.url))));
writeFileSync(sitePath, siteWithTooManyPostsPage(readFileSync(sitePath, 'utf8'), page));
console.log('deploy/nginx/desk-booking.conf: the 429 page written from messages/*.json');
