const MOBILE_USER_AGENT = /Android|iPhone|iPad|iPod|Mobile/i;

/** A phone or tablet, by its client hint or else its user agent: where the mobile app lives. */
export function isMobileRequest(headers: { get(name: string): string | null }): boolean {
  return headers.get('sec-ch-ua-mobile') === '?1' || MOBILE_USER_AGENT.test(headers.get('user-agent') ?? '');
}

/** The app store of the device a request comes from. */
export type AppStore = 'appStore' | 'playStore';

/**
 * The store of the phone or tablet the request comes from, by the platform client hint (sent by
 * Chromium browsers, Android's among them) or else the user agent; unknown for anything else,
 * iPads that present themselves as a Mac included.
 */
export function deviceAppStore(headers: { get(name: string): string | null }): AppStore | undefined {
  const platform = headers.get('sec-ch-ua-platform')?.replace(/"/g, '').toLowerCase();
  if (platform === 'android') return 'playStore';
  if (platform === 'ios') return 'appStore';
  const userAgent = headers.get('user-agent') ?? '';
  if (/iPhone|iPad|iPod/.test(userAgent)) return 'appStore';
  if (/Android/.test(userAgent)) return 'playStore';
  return undefined;
}
