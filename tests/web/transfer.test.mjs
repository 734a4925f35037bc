// SPDX-License-Identifier: GPL-3.0-or-later
// Passing a ticket on in the shop, with the real SMTP test server: a fan buys a seat, opens
// "My tickets", transfers it by keyboard (address, then a confirmation), withdraws and sends it
// again; the friend, in a second browser in Spanish, opens the mailed link, signs up on the page
// and accepts; the ticket leaves the first fan's list.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { checkPage, launch, newPage } from './support/browser.mjs';
import { linkPath, startMailbox } from './support/mailbox.mjs';
import { clickSeat, fanEmail, payOnSandbox, signUp, successCard, waitForOrderState } from './support/shop.mjs';
import { createEvent, startStack } from './support/stack.mjs';
import { eventJson, venueJson } from './support/venue.mjs';

let stack;
let browser;
let mailbox;
let event;

/** The first mail to `recipient` whose subject is `subject` (others come too: verification). */
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
  event = await createEvent(stack, venueJson('pass-hall', 1, 2, 4), eventJson('pass-hall', { title: 'Transfer Night' }));
});

after(async () => {
  await browser?.close();
  await stack?.stop();
  await mailbox?.stop();
});

test('transfer a ticket to a second browser, which signs up and accepts it', async () => {
  const page = await newPage(browser);
  const sender = fanEmail('sender');
  const friend = fanEmail('friend');
  await page.goto(`${stack.baseUrl}/event/${encodeURIComponent(event.id)}/seats`);
  await clickSeat(page, 'S1-1-2');
  await page.getByRole('button', { name: /Reserve 1 seat/ }).click();
  await signUp(page, sender, { name: 'Sam Sender' });
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.waitForURL(/\/pay\//);
  await payOnSandbox(page, successCard);
  await page.waitForURL(/\/account\/orders\//);
  await waitForOrderState(page, 'Paid — enjoy the show!');

  await page.getByRole('link', { name: 'My tickets' }).first().click();
  await page.getByRole('heading', { name: 'My tickets' }).waitFor();
  const ticket = page.locator('.ticket').first();
  await ticket.locator('canvas').waitFor();
  // By keyboard: the button, the address, Enter, then Enter on the focused confirmation.
  await ticket.getByRole('button', { name: 'Transfer' }).focus();
  await page.keyboard.press('Enter');
  const field = ticket.getByLabel('E-mail address of the person who gets the ticket');
  await field.waitFor();
  assert.equal(await field.evaluate((el) => el === document.activeElement), true);
  await page.keyboard.type(sender);
  await page.keyboard.press('Enter');
  await ticket.getByText(`Pass this ticket to ${sender}?`).waitFor();
  await page.keyboard.press('Enter');
  await ticket.getByText('This ticket is already yours').waitFor();
  await ticket.getByRole('button', { name: 'Cancel' }).click();
  await ticket.getByRole('button', { name: 'Transfer' }).click();
  await field.fill(friend);
  await page.keyboard.press('Enter');
  await checkPage(page, 'transfer-confirm');
  await page.keyboard.press('Enter');
  await ticket.getByText(`Waiting for ${friend} to accept`).waitFor();
  await checkPage(page, 'transfer-pending');
  // Withdrawn, then sent again: only the second link works.
  await ticket.getByRole('button', { name: 'Cancel the transfer' }).click();
  await ticket.getByText('The transfer is cancelled').waitFor();
  await ticket.getByRole('button', { name: 'Transfer' }).click();
  await field.fill(friend);
  await ticket.getByRole('button', { name: 'Continue' }).click();
  await ticket.getByRole('button', { name: 'Yes, send it' }).click();
  await ticket.getByText(`Waiting for ${friend} to accept`).waitFor();

  // The friend has no account yet: the offer goes in the sender's language.
  const first = await mailbox.waitFor(friend, 1);
  const second = await mailbox.waitFor(friend, 2);
  assert.equal(first.subject, 'A ticket for Transfer Night is waiting for you');
  assert.equal(second.subject, 'A ticket for Transfer Night is waiting for you');
  assert.match(second.html, /<a href="[^"]+\/account\/transfer#token=/);

  const friendPage = await newPage(browser, { locale: 'es-ES' });
  await friendPage.goto(`${stack.baseUrl}${linkPath(first)}`);
  await friendPage.getByText('Este enlace ha caducado', { exact: false }).waitFor();
  await friendPage.goto(`${stack.baseUrl}${linkPath(second)}`);
  await friendPage.getByText('Sam Sender te pasa una entrada para Transfer Night.').waitFor();
  assert.equal(new URL(friendPage.url()).hash, '', 'the token leaves the address bar');
  await friendPage.getByText('Inicia sesión o crea una cuenta para aceptarla.').waitFor();
  await checkPage(friendPage, 'transfer-accept-signin');
  await signUp(friendPage, friend, { name: 'Fran Friend' });
  await friendPage.getByRole('button', { name: 'Aceptar la entrada' }).click();
  await friendPage.getByText('La entrada es tuya.', { exact: false }).waitFor();
  await friendPage.locator('canvas').waitFor();
  await checkPage(friendPage, 'transfer-accepted');
  await friendPage.getByRole('link', { name: 'Mis entradas' }).last().click();
  await friendPage.getByText('Te la han pasado').waitFor();

  // Both told by mail; the sender's list no longer has it.
  const sent = await mailWithSubject(sender, 'Your ticket for Transfer Night was passed on');
  assert.match(sent.text, /Fran Friend/);
  const received = await mailWithSubject(friend, 'Tu entrada para Transfer Night');
  assert.match(received.html, /<code/);
  await page.reload();
  await page.getByText('You have no tickets yet.').waitFor();
  await page.context().close();
  await friendPage.context().close();
});
