// The app's liveness route (app/api/health/route.ts) as it is: against the app's own, what its
// proxy (proxy.ts: language routing, security headers, request id) costs a request.
export function GET() {
  return Response.json({ status: 'ok' }, { headers: { 'cache-control': 'no-store' } });
}
