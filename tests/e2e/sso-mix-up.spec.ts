import { expect, test } from '@playwright/test';
import { LOGIN_ORIGIN } from './support/environment.ts';
import { heldReturn, ssoLoginEmails, uniqueSsoAddress } from './support/single-sign-on.ts';

/**
 * The mix-up defence of a client of several providers (ASVS 5.0 v5.0.0-10.2.2, RFC 9700 4.4):
 * each provider returns to an address of its own, and the sealed flow names the provider it was
 * started for. A code one provider issued, brought to another's return address, is sent to no
 * token endpoint, so it is neither spent nor handed to the wrong provider.
 */

for (const [issuer, other] of [['google', 'microsoft'], ['microsoft', 'google']] as const) {
  test(`a ${issuer} code brought to ${other}'s return address signs nobody in and is not spent: at its own address it still signs in`, async ({ page, context, request }) => {
    const email = uniqueSsoAddress(`mix-up-${issuer}`);
    const back = await heldReturn(page, issuer, email);
    const flow = (await context.cookies(`${LOGIN_ORIGIN}/login/`)).find((cookie) => cookie.name === '__Host-ssoFlow');
    expect(flow).toBeDefined();

    const mixedUp = new URL(back);
    mixedUp.pathname = `/login/${other}`;
    await page.goto(mixedUp.toString());
    await expect(page).toHaveURL(/\/login\/en\?error=sso-start-again$/);
    expect(await ssoLoginEmails(request)).not.toContain(email);

    // The control, and the proof that the code was not spent: with its flow, at its own provider's address, it signs in.
    await context.addCookies([flow!]);
    await page.goto(back.toString());
    await expect(page).toHaveURL(/\/login\/en\?error=sso-user-not-found$/);
    expect(await ssoLoginEmails(request)).toContain(email);
  });
}
