import { headers } from 'next/headers';
import { unstable_rethrow } from 'next/navigation';
import { getConfig } from '@/lib/platform/settings/config';

/**
 * Who the client is (docs/decisions.md, Who the client is): the address the trusted reverse proxy saw. Each
 * proxy appends the address of its peer to X-Forwarded-For (nginx's $proxy_add_x_forwarded_for),
 * after whatever the client wrote itself; so only the right-most `trustedProxyHops` entries were
 * written by someone we trust, and the client is the left-most of those: the right-most entry
 * behind nginx alone, the second from the right behind a CDN and nginx. Anything further left is
 * the client's own say and is never believed, not even when the trusted entry is unusable.
 *
 * Entries are counted as written, empty ones included. The chosen entry must be a bare IPv4 or
 * IPv6 address, as nginx writes `$remote_addr`: no port, no brackets, no zone. It is normalised so
 * that one client is one string for the backend's rate limits and network lookups: IPv6 in its
 * canonical text (RFC 5952: lower case, longest zero run compressed), and an IPv4-mapped IPv6
 * address (`::ffff:192.0.2.1`, nginx's form for IPv4 clients on a dual-stack listener) as the
 * IPv4 address it is.
 */
export function clientAddressFrom(requestHeaders: { get(name: string): string | null }, trustedProxyHops: number): string | undefined {
  const forwardedFor = requestHeaders.get('x-forwarded-for');
  if (forwardedFor === null) return undefined;
  const entries = forwardedFor.split(',');
  if (entries.length < trustedProxyHops) return undefined;
  return normalisedAddress(entries[entries.length - trustedProxyHops]!.trim());
}

const IPV4_OCTET = '(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])';
const IPV4 = new RegExp(`^${IPV4_OCTET}(?:\\.${IPV4_OCTET}){3}$`);
// Only what an IPv6 address can be written with: nothing that could end the URL's brackets below.
const IPV6_CHARACTERS = /^[0-9a-f:.]+$/i;
const IPV4_MAPPED = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/;

function normalisedAddress(entry: string): string | undefined {
  if (IPV4.test(entry)) return entry;
  if (!entry.includes(':') || !IPV6_CHARACTERS.test(entry)) return undefined;
  let canonical: string;
  try {
    // The URL parser validates IPv6 strictly and writes it in RFC 5952's canonical form.
    canonical = new URL(`http://[${entry}]/`).hostname.slice(1, -1);
  } catch {
    return undefined;
  }
  const mapped = IPV4_MAPPED.exec(canonical);
  if (!mapped) return canonical;
  const [high, low] = [parseInt(mapped[1]!, 16), parseInt(mapped[2]!, 16)];
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/**
 * The client address of the request being served (server components, actions, route handlers
 * and proxy.ts alike, through Next's `headers()`); none outside a request.
 */
export async function currentClientAddress(): Promise<string | undefined> {
  let requestHeaders: Awaited<ReturnType<typeof headers>>;
  try {
    requestHeaders = await headers();
  } catch (error) {
    // Next's own signals (e.g. "this page is dynamic") must go on; outside a request there is no client.
    unstable_rethrow(error);
    return undefined;
  }
  return clientAddressFrom(requestHeaders, getConfig().trustedProxyHops);
}
