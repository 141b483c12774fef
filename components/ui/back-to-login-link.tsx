import { buttonClasses, type ButtonVariant } from '@/components/ui/button-styles';
import { loginPagePath } from '@/lib/vocabulary/base-path';
import type { Language } from '@/lib/platform/i18n/routing';

/** The way back to the login page, as a whole page load so that a signed-in person arrives afresh. */
export function BackToLoginLink({ language, label, variant = 'primary' }: { language: Language; label: string; variant?: ButtonVariant }) {
  return (
    <a href={loginPagePath(language)} className={buttonClasses(variant)}>
      {label}
    </a>
  );
}
