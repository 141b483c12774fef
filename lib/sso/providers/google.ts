/**
 * Google as the login page, the routes, the cookies and the backend know it. How the server signs
 * in with it, through google-auth-library, is in google-sign-in.ts.
 */
export const google = {
  id: 'google',
  name: 'Google',
  labelKey: 'google',
  routeSegment: 'google',
  source: 'google',
} as const;
