import { metricsExposition } from '@/lib/metrics';

/**
 * The Prometheus text format, for a scraper inside the cluster on the app's own port: the public
 * nginx site refuses this path (deploy/nginx/desk-booking.conf).
 */
export async function GET() {
  const { body, contentType } = await metricsExposition();
  return new Response(body, { headers: { 'content-type': contentType, 'cache-control': 'no-store' } });
}
