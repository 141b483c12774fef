'use client';

import { useEffect } from 'react';
import { addressMaySignInByItself } from '@/lib/flows/arrival';

/** The key under which the web app keeps its token in this origin's local storage. */
const LOCAL_TOKEN_KEY = 'token';

/**
 * The last step of the arrival (docs/product.md, Arrival), the one only the browser can take: a token
 * in local storage means the person is signed in already, so the host's root is where to go. The
 * page is the same for every visit (prerendered), so the rules of the arrival that depend on this
 * visit (`?from=`, `?error=`, a frame) are applied here, as proxy.ts applies them.
 */
export function LocalTokenRedirect() {
  useEffect(() => {
    const inFrame = window.self !== window.top;
    if (!inFrame && addressMaySignInByItself(new URLSearchParams(window.location.search)) && storedToken()) window.location.replace('/');
  }, []);
  return null;
}

/**
 * The web app's token, or null. A browser set to block cookies refuses local storage too, and
 * Firefox says so by throwing a SecurityError from the `localStorage` getter itself: then there
 * is no token, and the login page shows its form.
 */
function storedToken(): string | null {
  try {
    return window.localStorage.getItem(LOCAL_TOKEN_KEY);
  } catch {
    return null;
  }
}
