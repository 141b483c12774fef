/** Liveness: the process serves requests. Nothing else is checked, so it is always cheap. */
export function GET() {
  return Response.json({ status: 'ok' }, { headers: { 'cache-control': 'no-store' } });
}
