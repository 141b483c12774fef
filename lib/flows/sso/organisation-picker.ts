import type { OfferedOrganisation } from '@/lib/platform/backend/auth';
import { organisationHostname, type RequestHost } from '@/lib/platform/hosts';

/**
 * What the picker's button for an organisation says: its name when the backend sent one, else its
 * host (`acme.example.com`), which a person knows from the address bar; a bare sub-domain is a
 * slug nobody outside the product reads.
 */
export function organisationLabel(organisation: Pick<OfferedOrganisation, 'subDomain' | 'name'>, host: RequestHost): string {
  return organisation.name ?? organisationHostname(host, organisation.subDomain);
}
