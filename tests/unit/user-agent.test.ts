import { deviceAppStore } from '@/lib/request/user-agent';

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
