import { getTranslations } from 'next-intl/server';
import { AnotherAddressButton } from '@/components/email-sign-in/another-address-button';
import { createAccount } from '@/components/sign-up/actions';
import { SignUpForm } from '@/components/sign-up/sign-up-form';
import { EmailAddress } from '@/components/ui/email-address';
import { ViewHeading } from '@/components/ui/view-heading';
import { islandText } from '@/lib/platform/i18n/island-text';
import type { Language } from '@/lib/platform/i18n/routing';
import { BASE_PATH } from '@/lib/vocabulary/base-path';

/**
 * The sign-up view, one tree for both ways it is served: rendered per request
 * (app/[lang]/signup/page.tsx) and prerendered as a template whose address is filled in per
 * request (app/[lang]/as-template/signup/, lib/flows/email-sign-in/sign-up-template.ts).
 */
export async function SignUpView({ language, email }: { language: Language; email: string }) {
  const [t, tErrors] = await Promise.all([getTranslations('signUp'), getTranslations('errors')]);
  return (
    <section>
      <ViewHeading>{t('heading')}</ViewHeading>
      <p className="mt-2 text-muted">{t('intro')}</p>
      <SignUpForm
        language={language}
        action={createAccount}
        permalink={`${BASE_PATH}/${language}/signup`}
        email={<EmailAddress email={email} />}
        text={{
          ...(await islandText('signUp', ['emailLabel', 'nameLabel', 'nameHint', 'submit', 'submitting'])),
          nameRequired: tErrors('nameRequired'),
          notSent: tErrors('notSent'),
        }}
      />
      <div className="mt-5">
        <AnotherAddressButton language={language} />
      </div>
    </section>
  );
}
