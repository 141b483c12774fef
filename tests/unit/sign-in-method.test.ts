import { loginPageOrder } from '@/lib/vocabulary/sign-in-method';

describe('loginPageOrder', () => {
  it('offers e-mail first, then Google and Microsoft, when nothing or e-mail was used last', () => {
    expect(loginPageOrder(undefined)).toEqual({ emailFirst: true, providers: ['google', 'microsoft'] });
    expect(loginPageOrder('email')).toEqual({ emailFirst: true, providers: ['google', 'microsoft'] });
  });

  it('offers the provider used last first, then the other, then e-mail', () => {
    expect(loginPageOrder('google')).toEqual({ emailFirst: false, providers: ['google', 'microsoft'] });
    expect(loginPageOrder('microsoft')).toEqual({ emailFirst: false, providers: ['microsoft', 'google'] });
  });
});
