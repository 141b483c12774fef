/**
 * The largest form post a page of this app takes: the largest a real page sends is 25 KB, a
 * link's confirmation whose address fills nginx's 8 KB request line (docs/decisions.md). nginx
 * holds posts to the same (`client_max_body_size 32k`, deploy/nginx/desk-booking.conf), Next's
 * server actions too (next.config.mjs), and proxy.ts answers a larger one 413 before Next, which
 * would answer it with a 500 and an error line.
 */
export const FORM_POST_MAX_KB = 32;
export const FORM_POST_MAX_BYTES = FORM_POST_MAX_KB * 1024;
