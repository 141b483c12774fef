import { BASE_PATH } from '@/lib/vocabulary/base-path';

/**
 * The root segment's boundary for `notFound()`, which Next renders into every page's payload.
 * Unreachable in practice: proxy.ts sends an unknown language to a known one, and an address that
 * matches no route gets app/global-not-found.tsx, in the browser's language. Without this file
 * Next would carry its own English 404 page, styles and all, in every page.
 */
export default function NotFound() {
  return <a href={BASE_PATH}>Desk Booking</a>;
}
