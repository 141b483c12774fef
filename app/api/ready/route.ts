import { isReady } from '@/lib/platform/observability/readiness';

export async function GET() {
  const ready = await isReady();
  return Response.json({ status: ready ? 'ready' : 'not-ready' }, { status: ready ? 200 : 503, headers: { 'cache-control': 'no-store' } });
}
