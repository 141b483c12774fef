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

/** Browsers and systems a person recognises by name: the same in every language. */
export const browserNames = { edge: 'Microsoft Edge', opera: 'Opera', samsung: 'Samsung Internet', firefox: 'Firefox', chrome: 'Chrome', safari: 'Safari' } as const;
export const systemNames = { windows: 'Windows', ios: 'iOS', android: 'Android', chromeos: 'ChromeOS', macos: 'macOS', linux: 'Linux' } as const;

/** The kind of device a request came from, as far as its headers tell: never more than a family. */
export type DeviceFamily = { browser?: keyof typeof browserNames; system?: keyof typeof systemNames };

const BROWSERS: [keyof typeof browserNames, RegExp][] = [
  ['edge', /\bEdg(e|A|iOS)?\//],
  ['opera', /\b(OPR|OPT|Opera)\//],
  ['samsung', /\bSamsungBrowser\//],
  ['firefox', /\b(Firefox|FxiOS)\//],
  ['chrome', /\b(HeadlessChrome|Chrome|CriOS|Chromium)\//],
  ['safari', /\bVersion\/[\d.]+.*\bSafari\//],
];
// Before macOS and Linux: an iPhone says "like Mac OS X", Android says "Linux".
const SYSTEMS: [keyof typeof systemNames, RegExp][] = [
  ['windows', /\bWindows\b/],
  ['ios', /\b(iPhone|iPad|iPod)\b/],
  ['android', /\bAndroid\b/],
  ['chromeos', /\bCrOS\b/],
  ['macos', /\b(Macintosh|Mac OS X)\b/],
  ['linux', /\bLinux\b/],
];
const PLATFORM_HINTS: Record<string, keyof typeof systemNames> = { windows: 'windows', ios: 'ios', android: 'android', 'chrome os': 'chromeos', chromeos: 'chromeos', macos: 'macos', linux: 'linux' };

export function deviceFamily(headers: { get(name: string): string | null }): DeviceFamily {
  const userAgent = headers.get('user-agent') ?? '';
  const hint = PLATFORM_HINTS[headers.get('sec-ch-ua-platform')?.replace(/"/g, '').toLowerCase() ?? ''];
  const browser = BROWSERS.find(([, pattern]) => pattern.test(userAgent))?.[0];
  const system = hint ?? SYSTEMS.find(([, pattern]) => pattern.test(userAgent))?.[0];
  return { ...(browser ? { browser } : {}), ...(system ? { system } : {}) };
}
