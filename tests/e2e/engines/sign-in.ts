import en from '../../../messages/en.json' with { type: 'json' };
import type { Window } from './engine.ts';

/** Sends the English login form open in `window` with `address`, as a person types and clicks. */
export async function sendLoginForm(window: Window, address: string): Promise<void> {
  await window.fill(en.login.emailLabel, address);
  await window.click('button', en.login.submit);
}
