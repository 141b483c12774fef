import { z } from 'zod';
import { getConfig } from '@/lib/platform/settings/config';
import { callBackend, type BackendResult } from './client';

/** The organisations registered for the client's network address, which callBackend forwards. */
export function organisationsOfNetwork(timeoutMs?: number): Promise<BackendResult<{ trayConfigUrl: string }[]>> {
  return callBackend({ path: '/api/v1/flw/orgs/me', timeoutMs }, z.array(z.looseObject({ trayConfigUrl: z.string() })));
}

function organisationApiBase(subDomain: string): string | undefined {
  const template = getConfig().organisationBackendUrlTemplate;
  return template ? template.replace('{subDomain}', subDomain).replace(/\/+$/, '') : undefined;
}

/** Whether the organisation still accepts a stored token (a 200 from users/me). */
export async function isTokenAccepted(subDomain: string, authToken: string, timeoutMs?: number): Promise<BackendResult<true>> {
  const result = await callBackend(
    {
      path: '/api/v1/flw/users/me',
      baseUrl: organisationApiBase(subDomain),
      headers: { authorization: `Bearer ${authToken}` },
      timeoutMs,
    },
    // Any JSON object: its shape is not specified, but an HTML page from a proxy is no answer.
    z.looseObject({}),
  );
  return result.ok ? { ok: true, value: true } : result;
}
