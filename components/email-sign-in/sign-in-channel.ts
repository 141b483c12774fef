/** Tabs of one browser tell each other about a confirmed link over this BroadcastChannel. */
export const SIGN_IN_CHANNEL = 'desk-login:sign-in';

export type SignInBroadcast = { type: 'link-confirmed' };
