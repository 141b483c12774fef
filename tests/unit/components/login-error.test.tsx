/** @jest-environment jsdom */
import { screen } from '@testing-library/react';
import LoginError from '@/app/[lang]/error';
import { renderWithMessages } from './render-with-messages';

describe('the error page of the login tree', () => {
  it('says something went wrong, in the page language, and offers the way back to the login', () => {
    renderWithMessages(<LoginError />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Something went wrong');
    expect(screen.getByRole('link', { name: 'Back to sign-in' })).toHaveAttribute('href', '/login/en');
  });
});
