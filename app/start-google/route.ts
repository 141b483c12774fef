import type { NextRequest } from 'next/server';
import { providerNotConfigured } from '@/lib/sso-placeholder';

export function GET(request: NextRequest) {
  return providerNotConfigured(request);
}
