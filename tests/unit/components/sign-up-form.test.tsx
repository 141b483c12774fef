/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SignUpFormState } from '@/components/sign-up/actions';
import { SignUpForm } from '@/components/sign-up/sign-up-form';
import messages from '@/messages/en.json';

function renderForm() {
  const action = jest.fn(async (_previous: SignUpFormState, form: FormData): Promise<SignUpFormState> => ({
    status: 'idle',
    name: String(form.get('name')),
  }));
  render(<SignUpForm language="en" action={action} email="anna@example.com" text={messages.signUp} />);
  return {
    action,
    user: userEvent.setup(),
    name: screen.getByLabelText(messages.signUp.nameLabel) as HTMLInputElement,
    submit: screen.getByRole('button', { name: messages.signUp.submit }),
  };
}

describe('SignUpForm', () => {
  it('shows the address the account is for', () => {
    renderForm();
    expect(screen.getByText('anna@example.com')).toBeInTheDocument();
  });

  it('disables the submit button while the name is empty', () => {
    const { submit } = renderForm();
    expect(submit).toBeDisabled();
  });

  it('keeps the submit button disabled for a name of only spaces', async () => {
    const { user, name, submit } = renderForm();
    await user.type(name, '   ');
    expect(name).toHaveValue('   ');
    expect(submit).toBeDisabled();
  });

  it('enables the submit button for one character, and disables it again when cleared', async () => {
    const { user, name, submit } = renderForm();
    await user.type(name, 'A');
    expect(submit).toBeEnabled();
    await user.clear(name);
    expect(submit).toBeDisabled();
  });

  it('enables the submit button for a name of exactly 255 characters', async () => {
    const { user, name, submit } = renderForm();
    await user.click(name);
    await user.paste('a'.repeat(255));
    expect(name.value).toHaveLength(255);
    expect(submit).toBeEnabled();
  });

  it('takes no more than 255 characters', async () => {
    const { user, name, submit } = renderForm();
    expect(name).toHaveAttribute('maxLength', '255');
    await user.click(name);
    await user.paste('a'.repeat(300));
    expect(name.value).toHaveLength(255);
    await user.type(name, 'b');
    expect(name.value).toBe('a'.repeat(255));
    expect(submit).toBeEnabled();
  });
});
