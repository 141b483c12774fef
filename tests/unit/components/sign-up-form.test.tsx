/** @jest-environment jsdom */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SignUpFormState } from '@/components/sign-up/actions';
import { SignUpForm } from '@/components/sign-up/sign-up-form';
import messages from '@/messages/en.json';

function renderForm() {
  const action = jest.fn(async (_previous: SignUpFormState, form: FormData): Promise<SignUpFormState> => ({
    status: 'idle',
    name: String(form.get('name')),
  }));
  render(<SignUpForm language="en" action={action} permalink="/login/en/signup" email="anna@example.com" text={{ ...messages.signUp, nameRequired: messages.errors.nameRequired, notSent: messages.errors.notSent }} />);
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

  it.each(['', '   '])('keeps the button usable, and for the name %j says what is missing next to the field, moves the focus there and sends nothing', async (typed) => {
    const { user, name, submit, action } = renderForm();
    if (typed) await user.type(name, typed);
    expect(submit).toBeEnabled();
    await user.click(submit);
    const message = await screen.findByRole('alert');
    expect(message).toHaveTextContent('Please enter your name.');
    expect(name).toHaveFocus();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('1 to 255 characters Please enter your name.');
    expect(action).not.toHaveBeenCalled();
  });

  it('takes the message away as soon as the name is edited', async () => {
    const { user, name, submit } = renderForm();
    await user.click(submit);
    await screen.findByRole('alert');
    await user.type(name, 'A');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(name).not.toHaveAttribute('aria-invalid');
  });

  it('sends a name of one character', async () => {
    const { user, name, submit, action } = renderForm();
    await user.type(name, 'A');
    await user.click(submit);
    await waitFor(() => expect(action).toHaveBeenCalledTimes(1));
    expect(action.mock.calls[0]![1].get('name')).toBe('A');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('sends a name of exactly 255 characters', async () => {
    const { user, name, submit, action } = renderForm();
    await user.click(name);
    await user.paste('a'.repeat(255));
    expect(name.value).toHaveLength(255);
    await user.click(submit);
    await waitFor(() => expect(action).toHaveBeenCalledTimes(1));
  });

  it('takes no more than 255 characters', async () => {
    const { user, name } = renderForm();
    expect(name).toHaveAttribute('maxLength', '255');
    await user.click(name);
    await user.paste('a'.repeat(300));
    expect(name.value).toHaveLength(255);
    await user.type(name, 'b');
    expect(name.value).toBe('a'.repeat(255));
  });
});
