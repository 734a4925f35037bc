// SPDX-License-Identifier: GPL-3.0-or-later
// The waiting list in the shop, with the real SMTP test server: a show sells out; a fan joins
// its waiting list from the event page (sign-up on the way) and sees their place; a second fan,
// in Spanish on a 360 px phone, joins by keyboard; a clerk refunds one of the buyer's tickets
// (API): the first fan gets the offer mail, opens its link, and buys the held seat through the
// normal checkout and the sandbox; then a second seat is refunded, the Spanish fan is offered it
// and passes it on at once.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { checkPage, launch, newPage, screenshot } from './support/browser.mjs';
import { startMailbox } from './support/mailbox.mjs';
import { clickSeat, fanEmail, payOnSandbox, signUp, successCard, waitForOrderState } from './support/shop.mjs';
import { createEvent, startStack } from './support/stack.mjs';
import { eventJson, venueJson } from './support/venue.mjs';

let stack;
let browser;
let mailbox;
let event;

/** The first mail to `recipient` whose subject starts with `subject` (sign-up mails come too). */
async function mailWithSubject(recipient, subject) {
  for (let n = 1; ; n++) {
    const mail = await mailbox.waitFor(recipient, n, 20000);
    if (mail.subject.startsWith(subject)) return mail;
  }
}

/** A page with room for a loaded machine (four builds and browsers share two cores). */
async function roomyPage(options) {
  const page = await newPage(browser, options);
  page.setDefaultTimeout(45000);
  page.setDefaultNavigationTimeout(60000);
  return page;
}

function offerPath(mail) {
  const match = /https?:\/\/[^/\s]+(\/account\/waiting-list\/[0-9a-f-]+)/.exec(mail.text);
  if (!match) throw new Error(`no offer link in: ${mail.text}`);
  return match[1];
}

before(async () => {
  mailbox = await startMailbox();
  stack = await startStack({
    serverEnv: { BOXOFFICE_SMTP_URL: mailbox.url, BOXOFFICE_MAIL_FROM: 'Box Office <tickets@boxoffice.test>', BOXOFFICE_MAIL_POLL_MS: '100' },
  });
  browser = await launch();
  event = await createEvent(stack, venueJson('wait-hall', 1, 1, 2), eventJson('wait-hall', { title: 'Waiting Night' }));
  const current = await stack.api('GET', `/events/${event.id}`);
  const patched = await stack.api('PATCH', `/events/${event.id}`, { waiting_list: { enabled: true, offer_minutes: 20 } },
    { headers: { 'If-Match': current.headers.get('etag') } });
  assert.equal(patched.status, 200, JSON.stringify(patched.json));
});

after(async () => {
  await browser?.close();
  await stack?.stop();
  await mailbox?.stop();
});

test('join the list of a sold-out show, get the offer by mail, buy from it', async () => {
  // The buyer takes both seats.
  const buyer = await roomyPage();
  await buyer.goto(`${stack.baseUrl}/event/${encodeURIComponent(event.id)}/seats`);
  await clickSeat(buyer, 'S1-1-1');
  await clickSeat(buyer, 'S1-1-2');
  await buyer.getByRole('button', { name: /Reserve 2 seats/ }).click();
  await signUp(buyer, fanEmail('buyer'), { name: 'Bo Buyer' });
  await buyer.getByRole('button', { name: /^Pay / }).click();
  await buyer.waitForURL(/\/pay\//);
  await payOnSandbox(buyer, successCard);
  await buyer.waitForURL(/\/account\/orders\//);
  await waitForOrderState(buyer, 'Paid — enjoy the show!');
  const orderId = new URL(buyer.url()).pathname.split('/').pop();
  const order = await stack.api('GET', `/orders/${orderId}`, undefined, { token: stack.token('wl-clerk', 'clerk') });
  assert.equal(order.status, 200, JSON.stringify(order.json));
  const tickets = order.json.tickets.map((t) => t.ticket_id);

  // Fan one: sold out, joins the list (signing up on the way).
  const fan = fanEmail('waiter');
  const page = await roomyPage();
  await page.goto(`${stack.baseUrl}/event/${encodeURIComponent(event.id)}`);
  await page.getByRole('heading', { name: 'Waiting list' }).waitFor();
  await page.getByRole('link', { name: 'Sign in to join the waiting list.' }).click();
  await signUp(page, fan, { name: 'Wanda Waiter' });
  await page.waitForURL(new RegExp(`/event/${event.id}$`));
  await page.getByLabel('How many seats').fill('1');
  await checkPage(page, 'waitinglist-join');
  await page.getByRole('button', { name: 'Join the waiting list' }).click();
  await page.getByText('You are number 1 on the waiting list for 1 seat(s).').waitFor();
  await checkPage(page, 'waitinglist-position');

  // Fan two, in Spanish on a phone, by keyboard.
  const fanEs = fanEmail('espera');
  const phone = await roomyPage({ width: 360, height: 740, locale: 'es-ES' });
  await phone.goto(`${stack.baseUrl}/signin?next=${encodeURIComponent(`/event/${event.id}`)}`);
  await signUp(phone, fanEs, { name: 'Elena Espera' });
  await phone.waitForURL(new RegExp(`/event/${event.id}$`));
  await phone.getByRole('heading', { name: 'Lista de espera' }).waitFor();
  const quantity = phone.getByLabel('Cuántas localidades');
  await quantity.focus();
  await phone.keyboard.press('Control+a');
  await phone.keyboard.type('1');
  await phone.keyboard.press('Enter');
  await phone.getByText('Eres el número 2 de la lista de espera para 1 localidad(es).').waitFor();
  const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `the page is ${overflow}px wider than the phone`);
  await checkPage(phone, 'waitinglist-position-es-360');

  // A clerk refunds one ticket: it goes to fan one, by mail.
  const refunded = await stack.api('POST', `/orders/${orderId}/refund`, { ticket_ids: [tickets[0]] },
    { token: stack.token('wl-clerk', 'clerk') });
  assert.equal(refunded.status, 200, JSON.stringify(refunded.json));
  const mail = await mailWithSubject(fan, 'Seats for Waiting Night are held for you');
  assert.match(mail.html, /<a href="[^"]+\/account\/waiting-list\//);
  assert.match(mail.text, /Section S1, row 1, seat 1/);
  await page.goto(`${stack.baseUrl}${offerPath(mail)}`);
  await page.getByRole('heading', { name: 'Seats held for you' }).waitFor();
  await page.getByText(/Yours to buy for \d/).waitFor();
  await checkPage(page, 'waitinglist-offer');
  await page.getByRole('button', { name: 'Buy these seats' }).click();
  await page.getByRole('button', { name: /^Pay / }).waitFor();
  await screenshot(page, 'waitinglist-offer-basket');
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.waitForURL(/\/pay\//);
  await payOnSandbox(page, successCard);
  await page.waitForURL(/\/account\/orders\//);
  await waitForOrderState(page, 'Paid — enjoy the show!');
  await checkPage(page, 'waitinglist-bought');

  // The second seat back: the Spanish fan is offered it (in Spanish) and passes it on.
  const again = await stack.api('POST', `/orders/${orderId}/refund`, { ticket_ids: [tickets[1]] },
    { token: stack.token('wl-clerk', 'clerk') });
  assert.equal(again.status, 200, JSON.stringify(again.json));
  const mailEs = await mailWithSubject(fanEs, 'Tienes entradas reservadas para Waiting Night');
  assert.match(mailEs.text, /Sección S1, fila 1, asiento 2/);
  await phone.goto(`${stack.baseUrl}${offerPath(mailEs)}`);
  await phone.getByRole('heading', { name: 'Entradas reservadas para ti' }).waitFor();
  await checkPage(phone, 'waitinglist-offer-es-360');
  await phone.getByRole('button', { name: 'No las quiero' }).focus();
  await phone.keyboard.press('Enter');
  await phone.getByText('Gracias: las entradas han pasado a la siguiente persona de la lista.').waitFor();
  await checkPage(phone, 'waitinglist-declined-es-360');
  // Nobody else waits: the seat is on sale again.
  for (let n = 0; n < 50; n++) {
    const map = await stack.api('GET', `/events/${event.id}`);
    if (map.json.availability !== 'sold_out') break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const place = await stack.api('GET', '/me/waiting-list', undefined, { token: stack.token(fanEs.toLowerCase()) });
  assert.equal(place.json.places[0].state, 'declined');
  await buyer.context().close();
  await page.context().close();
  await phone.context().close();
});
