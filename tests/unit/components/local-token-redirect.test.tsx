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
