const MOBILE_USER_AGENT = /Android|iPhone|iPad|iPod|Mobile/i;

/** A phone or tablet, by its client hint or else its user agent: where the mobile app lives. */
export function isMobileRequest(headers: { get(name: string): string | null }): boolean {
  return headers.get('sec-ch-ua-mobile') === '?1' || MOBILE_USER_AGENT.test(headers.get('user-agent') ?? '');
}
