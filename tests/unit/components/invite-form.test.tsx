/** @jest-environment jsdom */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InviteFormState } from '@/components/invite/actions';
import { InviteForm, type InviteFormText } from '@/components/invite/invite-form';
import { SignUpForm } from '@/components/sign-up/sign-up-form';
import type { SignUpFormState } from '@/components/sign-up/actions';
import { argumentMarker } from '@/lib/platform/i18n/argument-marker';
import { disallowedInviteNameCharacter, isValidDisplayName } from '@/lib/vocabulary/validation';
import de from '@/messages/de.json';
import en from '@/messages/en.json';
import nl from '@/messages/nl.json';

/**
 * Issue 43, item 6: the invitation's name rule is stricter than sign-up's (docs/decisions.md, For
 * the person), so its field says the rule, characters included, before anything is sent.
 */

function inviteText(messages: typeof en): InviteFormText {
  return {
    ...messages.invite,
    nameCharacter: messages.invite.nameCharacter.replace('{character}', argumentMarker('character')),
    emailLabel: messages.signUp.emailLabel,
    notSent: messages.errors.notSent,
    errors: messages.errors,
  };
}

function renderInvite(messages = en) {
  const action = jest.fn(async (_previous: InviteFormState, form: FormData): Promise<InviteFormState> => ({ status: 'idle', name: String(form.get('name')) }));
  render(<InviteForm action={action} permalink="/login/en/invite-user?email=anna%40example.com" email="anna@example.com" text={inviteText(messages)} />);
  return {
    action,
    user: userEvent.setup(),
    name: screen.getByRole('textbox', { name: messages.invite.nameLabel }),
    submit: screen.getByRole('button', { name: messages.invite.submit }),
  };
}

describe('InviteForm', () => {
  it.each([
    ['en', en],
    ['de', de],
    ['nl', nl],
  ] as const)('%s: says the name rule, its characters in words, under the field and as its description before anything is sent', (_language, messages) => {
    renderInvite(messages);
    const name = screen.getByRole('textbox', { name: messages.invite.nameLabel });
    expect(name).toHaveAccessibleDescription(messages.invite.nameHint);
    expect(screen.getByText(messages.invite.nameHint)).toBeVisible();
    // Not sign-up's hint: that one allows an apostrophe, and this rule does not.
    expect(messages.invite.nameHint).not.toBe(messages.signUp.nameHint);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('the English hint names what the rule refuses that sign-up takes', () => {
    expect(en.invite.nameHint).toMatch(/255/);
    expect(en.invite.nameHint).toMatch(/No apostrophes or quotation marks/);
    // The hint and the rule agree: what it says is refused is refused, what it names is allowed.
    for (const refused of ["'", '’', '"', '“']) expect(disallowedInviteNameCharacter(`Jan O${refused}Brien`)).toBe(refused);
    expect(disallowedInviteNameCharacter('Zoë van Dijk-Łukasz, jr. =_@ 2')).toBeUndefined();
  });

  it('refuses "Jan O\'Brien" as it is typed, naming the apostrophe, and sends nothing; the description keeps the rule', async () => {
    const { user, name, submit, action } = renderInvite();
    await user.type(name, "Jan O'Brien");
    expect(await screen.findByRole('alert')).toHaveTextContent(en.invite.nameApostrophe);
    expect(name).toHaveAccessibleDescription(`${en.invite.nameHint} ${en.invite.nameApostrophe}`);
    await user.click(submit);
    expect(action).not.toHaveBeenCalled();
  });

  it('sends a name within the rule (the positive control)', async () => {
    const { user, name, submit, action } = renderInvite();
    await user.type(name, 'Jan OBrien');
    await user.click(submit);
    await waitFor(() => expect(action).toHaveBeenCalledTimes(1));
    expect(action.mock.calls[0]![1].get('name')).toBe('Jan OBrien');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('sign-up beside the invitation', () => {
  it('takes "Jan O\'Brien", which its hint allows: the two rules differ, and each form says its own', async () => {
    expect(isValidDisplayName("Jan O'Brien")).toBe(true);
    const action = jest.fn(async (_previous: SignUpFormState, form: FormData): Promise<SignUpFormState> => ({ status: 'idle', name: String(form.get('name')) }));
    render(<SignUpForm language="en" action={action} permalink="/login/en/signup" email="anna@example.com" text={{ ...en.signUp, nameRequired: en.errors.nameRequired, notSent: en.errors.notSent }} />);
    const name = screen.getByRole('textbox', { name: en.signUp.nameLabel });
    expect(name).toHaveAccessibleDescription(en.signUp.nameHint);
    const user = userEvent.setup();
    await user.type(name, "Jan O'Brien");
    await user.click(screen.getByRole('button', { name: en.signUp.submit }));
    await waitFor(() => expect(action).toHaveBeenCalledTimes(1));
    expect(action.mock.calls[0]![1].get('name')).toBe("Jan O'Brien");
  });
});
