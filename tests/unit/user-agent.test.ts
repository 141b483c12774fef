import { deviceAppStore, deviceFamily } from '@/lib/platform/request/user-agent';

const iPhone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const android = 'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const desktop = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const iPadAsMac = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15';

describe('deviceAppStore', () => {
  it.each([
    ['an iPhone', { 'user-agent': iPhone }, 'appStore'],
    ['an Android phone', { 'user-agent': android }, 'playStore'],
    ['an Android phone by its client hint, whatever its user agent says', { 'user-agent': desktop, 'sec-ch-ua-platform': '"Android"' }, 'playStore'],
    ['an iPhone whose browser emulates another platform', { 'user-agent': iPhone, 'sec-ch-ua-platform': '"Linux"' }, 'appStore'],
    ['a computer', { 'user-agent': desktop, 'sec-ch-ua-platform': '"Linux"' }, undefined],
    ['an iPad that presents itself as a Mac', { 'user-agent': iPadAsMac }, undefined],
    ['no user agent at all', {}, undefined],
  ] as const)('%s: %s', (_case, headers, store) => {
    expect(deviceAppStore(new Headers(headers))).toBe(store);
  });
});

describe('deviceFamily: what the code page says of the device that asked for the link', () => {
  const edge = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0';
  const firefoxMac = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.7; rv:133.0) Gecko/20100101 Firefox/133.0';
  const firefoxIphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/133.0 Mobile/15E148 Safari/605.1.15';
  const samsung = 'Mozilla/5.0 (Linux; Android 14; SM-S928B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/27.0 Chrome/125.0.0.0 Mobile Safari/537.36';
  const chromebook = 'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
  it.each([
    ['Safari on an iPhone', { 'user-agent': iPhone }, { browser: 'safari', system: 'ios' }],
    ['Chrome on Android, not Linux', { 'user-agent': android }, { browser: 'chrome', system: 'android' }],
    ['Edge on Windows, not Chrome', { 'user-agent': edge }, { browser: 'edge', system: 'windows' }],
    ['Firefox on a Mac', { 'user-agent': firefoxMac }, { browser: 'firefox', system: 'macos' }],
    ['Firefox on an iPhone, not Safari on a Mac', { 'user-agent': firefoxIphone }, { browser: 'firefox', system: 'ios' }],
    ['Samsung Internet, not Chrome', { 'user-agent': samsung }, { browser: 'samsung', system: 'android' }],
    ['a Chromebook, not Linux', { 'user-agent': chromebook }, { browser: 'chrome', system: 'chromeos' }],
    ['the platform client hint over the user agent', { 'user-agent': desktop, 'sec-ch-ua-platform': '"Windows"' }, { browser: 'chrome', system: 'windows' }],
    ['a script that says nothing of itself', { 'user-agent': 'curl/8.5.0' }, {}],
    ['no user agent at all', {}, {}],
  ] as const)('%s', (_case, headers, family) => {
    expect(deviceFamily(new Headers(headers))).toEqual(family);
  });
});
