// SPDX-License-Identifier: GPL-3.0-or-later
// E-mail verification and password reset in the shop, with the real SMTP test server: sign up,
// the reminder, the verification mail's link, sign out, "forgot password", the reset mail's
// link, a new password (twice), sign in with it; a used link and a Spanish phone.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { checkPage, launch, newPage } from './support/browser.mjs';
import { linkPath, startMailbox } from './support/mailbox.mjs';
import { fanEmail, fanPassword } from './support/shop.mjs';
import { startStack } from './support/stack.mjs';

let stack;
let browser;
let mailbox;

before(async () => {
  mailbox = await startMailbox();
  stack = await startStack({
    serverEnv: { BOXOFFICE_SMTP_URL: mailbox.url, BOXOFFICE_MAIL_FROM: 'Box Office <tickets@boxoffice.test>', BOXOFFICE_MAIL_POLL_MS: '100', BOXOFFICE_LINK_COOLDOWN_SECONDS: '0' },
  });
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await stack?.stop();
  await mailbox?.stop();
});

const newPassword = 'a-whole-new-password-7';

test('sign up, verify, forget the password, reset it, sign in with the new one', async () => {
  const page = await newPage(browser);
  const email = fanEmail('links');
  await page.goto(`${stack.baseUrl}/signin?mode=signup`);
  await page.getByLabel('Name').fill('Lin Kers');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(fanPassword);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL(/\/account\/orders$/);
  const banner = page.locator('#verify-banner');
  await banner.getByText(`we sent a link to ${email}`).waitFor();
  await checkPage(page, 'account-verify-reminder');

  // Another link replaces the first: the first then says so.
  const first = await mailbox.waitFor(email, 1);
  assert.equal(first.subject, 'Confirm your e-mail address');
  assert.match(first.html, /<a href="[^"]+\/account\/verify#token=/);
  await banner.getByRole('button', { name: 'Send the link again' }).click();
  await banner.getByText('A new link is on its way').waitFor();
  const second = await mailbox.waitFor(email, 2);
  await page.goto(`${stack.baseUrl}${linkPath(first)}`);
  await page.getByText('This link has expired, or a newer one replaced it.').waitFor();

  await page.goto(`${stack.baseUrl}${linkPath(second)}`);
  await page.getByText('your e-mail address is confirmed').waitFor();
  assert.equal(new URL(page.url()).hash, '', 'the token leaves the address bar');
  assert.equal(await banner.count(), 0);
  await checkPage(page, 'account-verified');
  await page.goto(`${stack.baseUrl}${linkPath(second)}`);
  await page.getByText('This link was used already.').waitFor();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('link', { name: 'Sign in' }).click();
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await page.waitForURL(/\/account\/forgot-password$/);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send me a link' }).click();
  await page.getByText(`If an account has the address ${email}`).waitFor();
  await checkPage(page, 'account-forgot-sent');

  const reset = await mailbox.waitFor(email, 3);
  assert.equal(reset.subject, 'Reset your password');
  await page.goto(`${stack.baseUrl}${linkPath(reset)}`);
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('New password again').fill('not the same one at all');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await page.getByText('The two passwords are not the same.').waitFor();
  await checkPage(page, 'account-reset-mismatch');
  await page.getByLabel('New password again').fill(newPassword);
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await page.getByText('Your password is changed and you are signed in.').waitFor();
  await checkPage(page, 'account-reset-done');

  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.goto(`${stack.baseUrl}/signin`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(fanPassword);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByText('The email or password is not right.').waitFor();
  await page.getByLabel('Password').fill(newPassword);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/\/account\/orders$/);
  await page.getByText(/Signed in as Lin Kers/).waitFor();
  await page.context().close();
});

test('a 360 px phone in Spanish: forgot password and a used reset link', async () => {
  const page = await newPage(browser, { width: 360, height: 740, locale: 'es-ES' });
  const email = fanEmail('telefono');
  const signUp = await stack.api('POST', '/auth/register', { email, password: fanPassword, name: 'Tele Fono', locale: 'es' }, { token: null });
  assert.equal(signUp.status, 201);
  const verify = await mailbox.waitFor(email, 1);
  assert.equal(verify.subject, 'Confirma tu dirección de correo');
  assert.equal(verify.language, 'es');

  await page.goto(`${stack.baseUrl}/account/forgot-password`);
  await checkPage(page, 'account-forgot-phone-es');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.keyboard.press('Enter');
  await page.getByText(`Si hay una cuenta con la dirección ${email}`).waitFor();
  const reset = await mailbox.waitFor(email, 2);
  assert.equal(reset.subject, 'Restablece tu contraseña');
  await page.goto(`${stack.baseUrl}${linkPath(reset)}`);
  await checkPage(page, 'account-reset-phone-es');
  // Used elsewhere first (another device): this page then says the link is spent.
  const token = linkPath(reset).split('#token=')[1];
  const used = await stack.api('POST', '/auth/password-reset/confirm', { token, password: newPassword }, { token: null });
  assert.equal(used.status, 200);
  await page.getByLabel('Contraseña nueva', { exact: true }).fill('otra-contraseña-larga');
  await page.getByLabel('Repite la contraseña nueva').fill('otra-contraseña-larga');
  await page.keyboard.press('Enter');
  await page.getByText('Este enlace ya se ha usado.').waitFor();
  await page.getByRole('link', { name: 'Pedir un enlace nuevo' }).waitFor();
  await checkPage(page, 'account-link-used-phone-es');
  await page.context().close();
});
