import type { NextRequest } from 'next/server';
import { startSignIn } from '@/lib/flows/sso/sign-in';
import { providerOfRouteSegment } from '@/lib/vocabulary/providers';

/** `/start-<provider>`, rewritten here for every provider of the registry (next.config.mjs). */
export async function GET(request: NextRequest, { params }: { params: Promise<{ provider: string }> }): Promise<Response> {
  const provider = providerOfRouteSegment((await params).provider);
  return provider ? await startSignIn(provider.id, request) : new Response(null, { status: 404 });
}
