// SPDX-License-Identifier: GPL-3.0-or-later
// "Your data" on the account page, with the real SMTP test server: a fan buys a seat, downloads
// their data (a JSON file with the order) and is told they cannot delete the account while they
// hold a ticket for a show to come; a second fan, in Spanish on a 360 px phone and by keyboard,
// deletes their account (a wrong password first), gets the confirmation mail, cannot sign in
// again, and signs up anew with the same address.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, test } from 'node:test';
import { checkPage, launch, newPage } from './support/browser.mjs';
import { startMailbox } from './support/mailbox.mjs';
import { clickSeat, fanEmail, fanPassword, payOnSandbox, signIn, signUp, successCard, waitForOrderState } from './support/shop.mjs';
import { createEvent, startStack } from './support/stack.mjs';
import { eventJson, venueJson } from './support/venue.mjs';

let stack;
let browser;
let mailbox;
let event;

/** The first mail to `recipient` whose subject is `subject` (the verification comes too). */
async function mailWithSubject(recipient, subject) {
  for (let n = 1; ; n++) {
    const mail = await mailbox.waitFor(recipient, n);
    if (mail.subject === subject) return mail;
  }
}

before(async () => {
  mailbox = await startMailbox();
  stack = await startStack({
    serverEnv: { BOXOFFICE_SMTP_URL: mailbox.url, BOXOFFICE_MAIL_FROM: 'Box Office <tickets@boxoffice.test>', BOXOFFICE_MAIL_POLL_MS: '100' },
  });
  browser = await launch();
  event = await createEvent(stack, venueJson('data-hall', 1, 2, 4), eventJson('data-hall', { title: 'Data Night' }));
});

after(async () => {
  await browser?.close();
  await stack?.stop();
  await mailbox?.stop();
});

test('download my data; a ticket to come keeps the account', async () => {
  const page = await newPage(browser);
  const email = fanEmail('data');
  await page.goto(`${stack.baseUrl}/event/${encodeURIComponent(event.id)}/seats`);
  await clickSeat(page, 'S1-1-1');
  await page.getByRole('button', { name: /Reserve 1 seat/ }).click();
  await signUp(page, email, { name: 'Dana Data' });
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.waitForURL(/\/pay\//);
  await payOnSandbox(page, successCard);
  await page.waitForURL(/\/account\/orders\//);
  await waitForOrderState(page, 'Paid — enjoy the show!');

  await page.getByRole('link', { name: 'My account' }).click();
  await page.getByRole('heading', { name: 'Your data', exact: true }).waitFor();
  await page.getByText(`Signed in as Dana Data (${email}).`).waitFor();
  await checkPage(page, 'account-data');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download my data' }).click(),
  ]);
  assert.equal(download.suggestedFilename(), 'my-boxoffice-data.json');
  const data = JSON.parse(fs.readFileSync(await download.path(), 'utf8'));
  assert.equal(data.format, 'boxoffice.personal-data/1');
  assert.equal(data.account.email, email);
  assert.equal(data.orders.length, 1);
  assert.equal(data.orders[0].event.title, 'Data Night');
  assert.equal(data.orders[0].status, 'paid');
  assert.equal(data.tickets.length, 1);
  await page.getByText('Your data is downloading').waitFor();

  await page.getByRole('button', { name: 'Delete my account…' }).click();
  await page.getByText('Kept, without your name: your orders, payments, tickets and issued invoices.', { exact: false }).waitFor();
  await page.getByLabel('Your password, to confirm').fill(fanPassword);
  await checkPage(page, 'account-delete-confirm');
  await page.getByRole('button', { name: 'Delete my account for good' }).click();
  await page.getByText('You still have tickets for shows to come.', { exact: false }).waitFor();
  await checkPage(page, 'account-delete-refused');
  // Nothing changed: still signed in, the order still there.
  await page.getByRole('button', { name: 'Keep my account' }).click();
  await page.getByRole('link', { name: 'My orders' }).click();
  await page.getByText('Data Night').waitFor();
  await page.context().close();
});

test('delete my account in Spanish, on a phone, by keyboard', async () => {
  const page = await newPage(browser, { locale: 'es-ES', width: 360, height: 780 });
  const email = fanEmail('borrar');
  await page.goto(`${stack.baseUrl}/signin`);
  await signUp(page, email, { name: 'Bea Borrar' });
  await page.waitForURL(/\/account\/orders/);
  await page.goto(`${stack.baseUrl}/account`);
  await page.getByRole('heading', { name: 'Tus datos', exact: true }).waitFor();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 360, `no sideways scrolling at 360 px (page is ${width} px wide)`);
  await checkPage(page, 'account-data-es-phone');

  // By keyboard: the button, then the password field has the focus.
  await page.getByRole('button', { name: 'Eliminar mi cuenta…' }).focus();
  await page.keyboard.press('Enter');
  const password = page.getByLabel('Tu contraseña, para confirmar');
  await password.waitFor();
  await page.waitForFunction(() => document.activeElement?.id === 'delete-password');
  await page.keyboard.type('no es mi contraseña');
  await page.keyboard.press('Enter');
  await page.getByText('Esa no es tu contraseña.', { exact: false }).waitFor();
  await checkPage(page, 'account-delete-es-wrong');
  await password.fill('');
  await page.keyboard.type(fanPassword);
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: 'Tu cuenta se ha eliminado' }).waitFor();
  await page.getByRole('link', { name: 'Entrar' }).waitFor(); // signed out
  await checkPage(page, 'account-deleted-es');

  const mail = await mailWithSubject(email, 'Se ha eliminado tu cuenta de la taquilla');
  assert.match(mail.text, /Hola, Bea Borrar:/);
  assert.match(mail.html, /facturas emitidas/);

  // The old password no longer signs in; the address signs up anew.
  await page.goto(`${stack.baseUrl}/signin`);
  await signIn(page, email);
  await page.locator('.notice-error').waitFor();
  assert.match(page.url(), /\/signin/);
  await signUp(page, email, { name: 'Bea Otra Vez' });
  await page.waitForURL(/\/account\/orders/);
  await page.goto(`${stack.baseUrl}/account`);
  await page.getByText(`Has iniciado sesión como Bea Otra Vez (${email}).`).waitFor();
  await page.context().close();
});
