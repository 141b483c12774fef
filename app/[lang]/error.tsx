'use client';

import { useErrorPageText } from '@/components/i18n/error-page-text';
import { BackToLoginLink } from '@/components/ui/back-to-login-link';

/** Errors in the login tree: a short translated page with a way back (docs/decisions.md, For safety). */
export default function LoginError() {
  const text = useErrorPageText();
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-bold">{text.heading}</h1>
      <p>{text.body}</p>
      <BackToLoginLink language={text.language} label={text.backToLogin} />
    </section>
  );
}
