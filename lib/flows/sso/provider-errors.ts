import type { LoginPageError } from '@/lib/platform/backend/error-catalogue';

/**
 * What the person sees when the provider comes back with `error=` instead of a code (OpenID
 * Connect Core 3.1.2.6, RFC 6749 4.1.2.1). The value is a query parameter anyone can write, so
 * only these names are acted on or logged, and `error_description` is never shown or repeated:
 * it is the provider's text, in the provider's language, and an attacker's when forged.
 */
const providerErrors = {
  // The person pressed Cancel, or declined the consent screen.
  access_denied: 'user-close',
  // The organisation's administrator has not consented to the app (Entra: admin consent).
  consent_required: 'sso-consent-required',
  // The provider needs the person on its pages: multi-factor, terms of use, a password change.
  interaction_required: 'sso-interaction-required',
  login_required: 'sso-login-required',
  account_selection_required: 'sso-interaction-required',
  temporarily_unavailable: 'provider-unavailable',
  server_error: 'provider-failed',
} as const satisfies Record<string, LoginPageError>;

export type ProviderErrorName = keyof typeof providerErrors | 'other';

/** The provider's `error` as a name safe to log: one of those above, or `other`. */
export function providerErrorName(error: string): ProviderErrorName {
  return Object.hasOwn(providerErrors, error) ? (error as keyof typeof providerErrors) : 'other';
}

/**
 * The login page's message for the provider's `error`. Anything else (invalid_request,
 * unauthorized_client, invalid_scope, a code of the provider's own) is a refusal we cannot
 * explain further: a generic message that names the provider and points at the administrator.
 */
export function providerErrorMessage(error: string): LoginPageError {
  const name = providerErrorName(error);
  return name === 'other' ? 'provider-refused' : providerErrors[name];
}
