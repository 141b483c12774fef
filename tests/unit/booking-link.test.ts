import { openAppHref } from '@/lib/flows/booking-link';

describe('the "open the app" button of a booking link', () => {
  const environment = process.env;
  beforeAll(() => {
    process.env = { ...environment, SESSION_SECRET: 'a-unit-test-secret-of-at-least-32-chars', BACKEND_URL: 'http://127.0.0.1:1', APP_DOMAINS: 'desk.test', MOBILE_APP_URL: 'deskbooking://open' };
  });
  afterAll(() => {
    process.env = environment;
  });

  it('opens the mobile app on a phone, signed in or not', () => {
    expect(openAppHref({ mobile: true, signedIn: false, language: 'de' })).toBe('deskbooking://open');
    expect(openAppHref({ mobile: true, signedIn: true, language: 'de' })).toBe('deskbooking://open');
  });

  it('opens the web app for a signed-in browser, and the login page in its language for anyone else', () => {
    expect(openAppHref({ mobile: false, signedIn: true, language: 'nl' })).toBe('/');
    expect(openAppHref({ mobile: false, signedIn: false, language: 'nl' })).toBe('/login/nl');
  });
});
