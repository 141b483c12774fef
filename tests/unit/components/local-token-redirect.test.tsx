/** @jest-environment jsdom */
import { render } from '@testing-library/react';
import { LocalTokenRedirect } from '@/components/arrival/local-token-redirect';

describe('LocalTokenRedirect', () => {
  const storage = Object.getOwnPropertyDescriptor(window, 'localStorage')!;
  afterEach(() => Object.defineProperty(window, 'localStorage', storage));

  it('reads the web app\'s token from local storage', () => {
    const getItem = jest.spyOn(Storage.prototype, 'getItem');
    render(<LocalTokenRedirect />);
    expect(getItem).toHaveBeenCalledWith('token');
    getItem.mockRestore();
  });

  it('leaves a visit that may not sign in by itself alone, as the prerendered page cannot know it: signed out, or with an error', () => {
    const getItem = jest.spyOn(Storage.prototype, 'getItem');
    for (const query of ['?from=web', '?from=picker', '?error=user-close']) {
      window.history.replaceState(null, '', `/login/en${query}`);
      render(<LocalTokenRedirect />);
    }
    expect(getItem).not.toHaveBeenCalled();
    // The control: the same page without them looks for the token.
    window.history.replaceState(null, '', '/login/en?from=mail');
    render(<LocalTokenRedirect />);
    expect(getItem).toHaveBeenCalledWith('token');
    getItem.mockRestore();
  });

  it('renders when the browser refuses local storage, as Firefox does with cookies blocked: the getter itself throws', () => {
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
    expect(() => render(<LocalTokenRedirect />)).not.toThrow();
  });
});
