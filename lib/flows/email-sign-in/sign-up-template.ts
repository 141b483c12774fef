import type { ReceivedCookies } from '@/lib/platform/cookies';
import type { Language } from '@/lib/platform/i18n/routing';
import { logger } from '@/lib/platform/observability/logger';
import { asPageRoute, fillTemplate, readPrerenderedHtml, splitTemplate, templatesReadOnce, type FilledPage, type SplitTemplate } from '@/lib/platform/pages/screen-templates';
import { TEMPLATE_FOLDER } from '@/lib/vocabulary/base-path';
import { ADDRESS_MAX_LENGTH, addressHoles, addressValues, fragmentRowOf } from './address-in-template';
import { readSignUp } from './sign-up';

/**
 * The sign-up view as a template (docs/decisions.md, Screens from templates): prerendered once per
 * language with a sentinel in place of the address, the view's one per-person value (in the text
 * and in the name entry's props), then filled per request.
 */

type SignUpTemplate = { split: SplitTemplate<'address' | 'addressInFlight'>; fragment: string };

const templateOf = templatesReadOnce((language) => {
  const prerendered = readPrerenderedHtml(`/${language}/${TEMPLATE_FOLDER}/signup`);
  if (prerendered === undefined) return undefined;
  const html = asPageRoute(prerendered, ['', language, TEMPLATE_FOLDER, 'signup'], [{ folder: TEMPLATE_FOLDER }], ['', language, 'signup']);
  const fragment = html && fragmentRowOf(html);
  const split = html !== undefined && fragment ? splitTemplate(html, addressHoles(fragment, 1)) : undefined;
  if (!split || !fragment) {
    // The view changed and the writers here did not follow: every load is rendered per request, at its cost.
    logger().warn({ template: `${language}/signup` }, 'sign-up template not used: it did not read as expected');
    return undefined;
  }
  return { split, fragment } satisfies SignUpTemplate;
});

/**
 * The sign-up view for this browser's sign-up, filled from its template: undefined when there is
 * none under way (the page redirects as before), an address the template cannot carry, or no
 * template (a server without a build): then the page is rendered per request.
 */
export async function signUpFromTemplate(language: Language, received: ReceivedCookies): Promise<FilledPage | undefined> {
  const signUp = await readSignUp(received);
  if (!signUp || signUp.email.length > ADDRESS_MAX_LENGTH) return undefined;
  const template = templateOf(language);
  return template && fillTemplate(template.split, addressValues(signUp.email, template.fragment));
}
