import { LanguageField } from '@/components/i18n/language-field';
import { buttonClasses, type ButtonVariant } from '@/components/ui/button-styles';
import type { Language } from '@/lib/platform/i18n/routing';

/** One button that posts a server action with the page's language: works with and without JavaScript. */
export function FormButton({
  action,
  language,
  label,
  variant = 'primary',
  id,
}: {
  action: (form: FormData) => Promise<void>;
  language: Language;
  label: string;
  variant?: ButtonVariant;
  /** For a script that posts the form by itself (components/sso/open-app-after-delay.tsx). */
  id?: string;
}) {
  return (
    <form id={id} action={action}>
      <LanguageField language={language} />
      <button type="submit" className={buttonClasses(variant)}>
        {label}
      </button>
    </form>
  );
}
