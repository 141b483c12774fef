import { getTranslations, setRequestLocale } from 'next-intl/server';
import { AnotherAddressButton } from '@/components/email-sign-in/another-address-button';
import { createAccount } from '@/components/sign-up/actions';
import { SignUpForm } from '@/components/sign-up/sign-up-form';
import { EmailAddress } from '@/components/ui/email-address';
import { ViewHeading } from '@/components/ui/view-heading';
import { readSignUp } from '@/lib/flows/email-sign-in/sign-up';
import { redirectToPage } from '@/lib/platform/request/page-redirect';
import type { Language } from '@/lib/platform/i18n/routing';
import { headingAsTitle } from '@/lib/platform/i18n/page-title';
import { receivedCookies } from '@/lib/platform/request/context';
import { islandText } from '@/lib/platform/i18n/island-text';

export const generateMetadata = headingAsTitle('signUp', 'heading');

export default async function SignUpPage({ params }: { params: Promise<{ lang: Language }> }) {
  const { lang } = await params;
  setRequestLocale(lang);
  // Only shown while a sign-up is under way: once the name is submitted, the state is gone.
  const signUp = await readSignUp(await receivedCookies());
  if (!signUp) return await redirectToPage('/', lang);

  const [t, tErrors] = await Promise.all([getTranslations('signUp'), getTranslations('errors')]);
  return (
    <section>
      <ViewHeading>{t('heading')}</ViewHeading>
      <p className="mt-2 text-muted">{t('intro')}</p>
      <SignUpForm
        language={lang}
        action={createAccount}
        email={<EmailAddress email={signUp.email} />}
        text={{
          ...(await islandText('signUp', ['emailLabel', 'nameLabel', 'nameHint', 'submit', 'submitting'])),
          nameRequired: tErrors('nameRequired'),
          notSent: tErrors('notSent'),
        }}
      />
      <div className="mt-5">
        <AnotherAddressButton language={lang} />
      </div>
    </section>
  );
}
