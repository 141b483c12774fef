import { sentAgoText } from '@/components/email-sign-in/sent-ago';
import { argumentMarker } from '@/lib/platform/i18n/argument-marker';
import en from '@/messages/en.json';
import de from '@/messages/de.json';

const text = (messages: typeof en) => ({
  sentJustNow: messages.mailSent.sentJustNow,
  sentAgo: messages.mailSent.sentAgo.replace('{ago}', argumentMarker('ago')),
});

describe('sentAgoText', () => {
  it('says "just now" for the whole first minute, then counts whole minutes', () => {
    expect(sentAgoText('en', 0, text(en))).toBe('The link was sent just now.');
    expect(sentAgoText('en', 59_999, text(en))).toBe('The link was sent just now.');
    expect(sentAgoText('en', 60_000, text(en))).toBe('The link was sent 1 minute ago.');
    expect(sentAgoText('en', 14 * 60_000 + 59_999, text(en))).toBe('The link was sent 14 minutes ago.');
  });

  it('puts the time where the language wants it', () => {
    expect(sentAgoText('de', 3 * 60_000, text(de))).toBe('Der Link wurde vor 3 Minuten gesendet.');
  });
});
