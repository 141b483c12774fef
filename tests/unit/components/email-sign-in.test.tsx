/** @jest-environment jsdom */
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Component, type ReactNode } from 'react';
import type { EmailFormState } from '@/components/email-sign-in/actions';
import { EmailSignIn, type EmailSignInText } from '@/components/email-sign-in/email-sign-in';
import messages from '@/messages/en.json';

/** What app/[lang]/page.tsx translates on the server for the island. */
const text: EmailSignInText = {
  form: messages.login,
  emailNotValid: messages.errors.emailNotValid,
  notSent: messages.errors.notSent,
  trialExpired: messages.trialExpired,
};

type Action = (previous: EmailFormState, form: FormData) => Promise<EmailFormState>;

function renderSignIn(initialEmail?: string, answer?: Action) {
  const action = jest.fn(
    answer ??
      (async (_previous: EmailFormState, form: FormData): Promise<EmailFormState> => ({
        status: 'idle',
        email: String(form.get('email')),
      })),
  );
  const forgetKeptAddress = jest.fn(async () => {});
  render(
    <EmailSignIn
      language="en"
      initialEmail={initialEmail}
      forgetKeptAddress={forgetKeptAddress}
      action={action}
      permalink="/login/en"
      trialExpiredLinks={{ sales: '/login/en/links/sales', pricing: '/login/en/links/pricing', login: '/login/en' }}
      text={text}
      header={<h1>Sign in</h1>}
    >
      <p>Other methods</p>
    </EmailSignIn>,
  );
  return {
    action,
    forgetKeptAddress,
    user: userEvent.setup(),
    email: screen.getByLabelText(messages.login.emailLabel),
    submit: screen.getByRole('button', { name: messages.login.submit }),
  };
}

describe('EmailSignIn', () => {
  // Each test is a fresh page: what an earlier one posted stays in jsdom's one history entry.
  beforeEach(() => window.history.replaceState(null, ''));

  it('keeps the address it posts in its history entry, and an empty field there starts with it, as after Back', async () => {
    const { user, email, submit } = renderSignIn();
    await user.type(email, 'anna@example.com');
    await user.click(submit);
    await waitFor(() => expect(window.history.state).toEqual({ deskLoginSentAddress: 'anna@example.com' }));
    cleanup();
    expect(renderSignIn().email).toHaveValue('anna@example.com');
  });

  it('starts with the address the person came back with, and has it forgotten once shown', async () => {
    const { email, forgetKeptAddress } = renderSignIn('anna@example.com');
    expect(email).toHaveValue('anna@example.com');
    await waitFor(() => expect(forgetKeptAddress).toHaveBeenCalledTimes(1));
  });

  it('starts empty without one, and has nothing forgotten', async () => {
    const { email, forgetKeptAddress } = renderSignIn();
    expect(email).toHaveValue('');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(forgetKeptAddress).not.toHaveBeenCalled();
  });

  it.each(['anna', 'anna@example', 'anna bakker@example.com'])(
    'for %j says the address is not valid and does not call the action',
    async (address) => {
      const { user, email, submit, action } = renderSignIn();
      await user.type(email, address);
      await user.click(submit);
      expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a valid e-mail address.');
      expect(email).toHaveAttribute('aria-invalid', 'true');
      expect(action).not.toHaveBeenCalled();
    },
  );

  it('says the address is not valid when the field is empty', async () => {
    const { user, submit, action } = renderSignIn();
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a valid e-mail address.');
    expect(action).not.toHaveBeenCalled();
  });

  it('clears the message as soon as the address is edited', async () => {
    const { user, email, submit } = renderSignIn();
    await user.type(email, 'anna');
    await user.click(submit);
    await screen.findByRole('alert');
    await user.type(email, '@');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('calls the action with a valid address', async () => {
    const { user, email, submit, action } = renderSignIn();
    await user.type(email, 'anna+desks@example.com');
    await user.click(submit);
    await waitFor(() => expect(action).toHaveBeenCalledTimes(1));
    const form = action.mock.calls[0]![1];
    expect(form.get('email')).toBe('anna+desks@example.com');
    expect(form.get('lang')).toBe('en');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  describe('when the post does not reach the app', () => {
    // What the client's call of a server action throws for nginx's 429 page or a 502 (Next's words), or a dropped connection.
    it.each([
      ['an answer that is not the app\'s', new Error('An unexpected response was received from the server.')],
      ['a dropped connection', new TypeError('Failed to fetch')],
    ])('after %s keeps the address, says it could not be sent, and the next post goes out', async (_case, failure) => {
      let fail = true;
      const { user, email, submit, action } = renderSignIn(undefined, async (_previous, form) => {
        if (fail) throw failure;
        return { status: 'error', email: String(form.get('email')), message: 'User not found.' };
      });
      await user.type(email, 'anna@example.com');
      await user.click(submit);
      expect(await screen.findByRole('alert')).toHaveTextContent(messages.errors.notSent);
      const field = screen.getByLabelText(messages.login.emailLabel);
      expect(field).toHaveValue('anna@example.com');
      expect(field).toHaveFocus();

      fail = false;
      await user.click(screen.getByRole('button', { name: messages.login.submit }));
      expect(await screen.findByRole('alert')).toHaveTextContent('User not found.');
      expect(action).toHaveBeenCalledTimes(2);
    });

    it('lets an error the app itself sent (it carries a digest) through to the error page', async () => {
      jest.spyOn(console, 'error').mockImplementation(() => {});
      const failure = Object.assign(new Error('the action failed on the server'), { digest: '12345' });
      const caught = jest.fn();
      class ErrorPage extends Component<{ children: ReactNode }, { failed: boolean }> {
        state = { failed: false };
        static getDerivedStateFromError() {
          return { failed: true };
        }
        componentDidCatch(error: unknown) {
          caught(error);
        }
        render() {
          return this.state.failed ? <h1>Something went wrong</h1> : this.props.children;
        }
      }
      const user = userEvent.setup();
      render(
        <ErrorPage>
          <EmailSignIn
            language="en"
            forgetKeptAddress={async () => {}}
            action={async () => {
              throw failure;
            }}
            permalink="/login/en"
            trialExpiredLinks={{ sales: '/s', pricing: '/p', login: '/login/en' }}
            text={text}
            header={<h1>Sign in</h1>}
          >
            {null}
          </EmailSignIn>
        </ErrorPage>,
      );
      await user.type(screen.getByLabelText(messages.login.emailLabel), 'anna@example.com');
      await user.click(screen.getByRole('button', { name: messages.login.submit }));
      expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
      expect(caught).toHaveBeenCalledWith(failure);
    });
  });
});
