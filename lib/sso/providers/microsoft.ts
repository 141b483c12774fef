/**
 * Microsoft as the login page, the routes, the cookies and the backend know it. How the server
 * signs in with it, through @azure/msal-node, is in microsoft-sign-in.ts.
 */
export const microsoft = {
  id: 'microsoft',
  name: 'Microsoft',
  labelKey: 'microsoft',
  routeSegment: 'microsoft',
  source: 'microsoft',
} as const;
