import { loginPageOrder } from '@/lib/vocabulary/sign-in-method';

const both = ['google', 'microsoft'] as const;

describe('loginPageOrder', () => {
  it('offers e-mail first, then Google and Microsoft, when nothing or e-mail was used last', () => {
    expect(loginPageOrder(undefined, both)).toEqual({ emailFirst: true, providers: ['google', 'microsoft'] });
    expect(loginPageOrder('email', both)).toEqual({ emailFirst: true, providers: ['google', 'microsoft'] });
  });

  it('offers the provider used last first, then the other, then e-mail', () => {
    expect(loginPageOrder('google', both)).toEqual({ emailFirst: false, providers: ['google', 'microsoft'] });
    expect(loginPageOrder('microsoft', both)).toEqual({ emailFirst: false, providers: ['microsoft', 'google'] });
  });

  it('shows only the providers the deployment offers, in the registry\'s order whatever order they come in', () => {
    expect(loginPageOrder(undefined, ['google'])).toEqual({ emailFirst: true, providers: ['google'] });
    expect(loginPageOrder(undefined, ['microsoft', 'google'])).toEqual({ emailFirst: true, providers: ['google', 'microsoft'] });
    expect(loginPageOrder(undefined, [])).toEqual({ emailFirst: true, providers: [] });
  });

  it('puts e-mail first when the provider used last is no longer offered', () => {
    expect(loginPageOrder('microsoft', ['google'])).toEqual({ emailFirst: true, providers: ['google'] });
    expect(loginPageOrder('google', [])).toEqual({ emailFirst: true, providers: [] });
    // The control: offered, the same method goes first.
    expect(loginPageOrder('microsoft', both)).toEqual({ emailFirst: false, providers: ['microsoft', 'google'] });
  });
});
