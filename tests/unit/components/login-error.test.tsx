/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import LoginError from '@/app/[lang]/error';
import { ErrorPageTextProvider } from '@/components/i18n/error-page-text';
import messages from '@/messages/de.json';

describe('the error page of the login tree', () => {
  it('says something went wrong, in the page language, and offers the way back to the login', () => {
    render(
      <ErrorPageTextProvider text={{ language: 'de', ...messages.errorPage, backToLogin: messages.common.backToLogin }}>
        <LoginError />
      </ErrorPageTextProvider>,
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(messages.errorPage.heading);
    expect(screen.getByRole('link', { name: messages.common.backToLogin })).toHaveAttribute('href', '/login/de');
  });
});
