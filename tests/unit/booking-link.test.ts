import { bookingLinkPermalink, openAppHref } from '@/lib/flows/booking-link';
import { viewQueryFields } from '@/lib/platform/pages/language-routing';
import { BOOKING_LINK_TEMPLATES, bookingTemplateOfSegment, bookingTemplateSegment } from '@/lib/flows/booking-link-template';

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

describe("a booking link's query, as its action passes it on", () => {
  it('is the first value of each field of the address it was posted to, decoded', () => {
    expect(viewQueryFields('userAction=retain&token=a%26b%3D&token=second&name=J%C3%B6rg+M')).toEqual({ userAction: 'retain', token: 'a&b=', name: 'Jörg M' });
    // A field named as an object's own would not be a field of the link.
    expect(viewQueryFields('__proto__=x&constructor=y')).toEqual(Object.fromEntries([['__proto__', 'x'], ['constructor', 'y']]));
  });

  it('is nothing without one: the action then asks the backend nothing', () => {
    expect(viewQueryFields(null)).toEqual({});
    expect(viewQueryFields('')).toEqual({});
  });

  it('comes back from the permalink as it went in, so a post without script finds the same query and the same answer key', () => {
    const kept = new URLSearchParams('userAction=cancel&token=a"b<c>&x=\u2028$L1').toString();
    const permalink = bookingLinkPermalink('de', kept);
    expect(permalink).toBe(`/login/de/bookings-extend?${kept}`);
    expect(new URLSearchParams(new URL(permalink, 'https://web.desk.test').search).toString()).toBe(kept);
  });
});

describe("a booking link's templates", () => {
  it('are one per action and whether it extends at once, each named by a segment that reads back', () => {
    expect(BOOKING_LINK_TEMPLATES.map(bookingTemplateSegment)).toEqual(['retain', 'retain.after-choice', 'cancel', 'cancel.after-choice']);
    for (const template of BOOKING_LINK_TEMPLATES) expect(bookingTemplateOfSegment(bookingTemplateSegment(template))).toEqual(template);
  });

  it('name no other segment', () => {
    for (const segment of ['delete', 'retain.', 'retain.before-choice', 'cancel.after-choice.x', '', 'Retain']) expect(bookingTemplateOfSegment(segment)).toBeUndefined();
  });
});
