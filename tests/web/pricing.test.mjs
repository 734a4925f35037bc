// SPDX-License-Identifier: GPL-3.0-or-later
// Ticket types, a promo code, fees and tax in the basket (issue 28): a manager sets up Adult and
// Child (-20 €) with a fee and VAT and a 20 % code through the API; a fan picks three seats,
// makes one a Child, enters the code in the wrong case, sees the total the server quotes (and an
// unknown code's message), pays it on the sandbox and the paid order is that amount. On a phone
// in Spanish too: the refusals in words, nothing scrolls sideways. An access code opens seats
// held back for a fan club: closed without it, chosen and paid with it, the code kept on them.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { checkPage, launch, newPage } from './support/browser.mjs';
import { clickSeat, fanEmail, payOnSandbox, signUp, successCard, waitForOrderState } from './support/shop.mjs';
import { createEvent, startStack } from './support/stack.mjs';
import { eventJson, venueJson } from './support/venue.mjs';

const phone = { width: 360, height: 740, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

let stack;
let browser;
let event;

/** Money as the shop writes it (format.ts). */
function money(cents, locale = 'en-GB') {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR', minimumFractionDigits: cents % 100 === 0 ? 0 : 2 }).format(cents / 100);
}

async function ok(response, what) {
  const r = await response;
  assert.ok(r.status >= 200 && r.status < 300, `${what}: ${r.status} ${JSON.stringify(r.json)}`);
  return r;
}

before(async () => {
  stack = await startStack();
  browser = await launch();
  event = await createEvent(stack, venueJson('tariff-hall', 2, 4, 10), eventJson('tariff-hall', { title: 'Tariff Night' }));
  const current = await ok(stack.api('GET', `/events/${event.id}/pricing`), 'GET pricing');
  await ok(stack.api('PUT', `/events/${event.id}/pricing`, {
    ticket_types: [
      { id: 'adult', name: 'Adult', delta_cents: 0 },
      { id: 'child', name: 'Child', delta_cents: -2000, max_per_order: 4 },
      { id: 'companion', name: 'Companion', price_cents: 0, channels: ['box_office'] }, // not online
      { id: 'rear', name: 'Rear saver', category: 'B', delta_cents: -500 }, // not for front seats
    ],
    fees: [{ channel: 'online', scope: 'ticket', fixed_cents: 150 }],
    tax: { name: 'VAT', rate_percent: 10, included: true },
  }, { headers: { 'If-Match': current.headers.get('etag') } }), 'PUT pricing');
  await ok(stack.api('POST', '/vouchers', { code: 'SPRING20', events: [event.id], kind: 'percent_off', percent: 20 }), 'POST voucher');
  await ok(stack.api('PUT', `/events/${event.id}/holdbacks`, {
    seats: ['S2-4-1', 'S2-4-2', 'S2-4-3', 'S2-4-4'], kind: 'allocation', allocation: 'fanclub',
  }), 'PUT holdbacks');
  await ok(stack.api('POST', '/vouchers', {
    code: 'CLUB2026', events: [event.id], kind: 'percent_off', percent: 0, allocation: 'fanclub', max_per_fan: 1,
  }), 'POST access code');
  await ok(stack.api('POST', '/vouchers', {
    code: 'WINTER10', events: [event.id], kind: 'percent_off', percent: 10,
    valid_from: '2020-01-01T00:00:00Z', valid_until: '2020-02-01T00:00:00Z',
  }), 'POST expired voucher');
});

after(async () => {
  await browser?.close();
  await stack?.stop();
});

const quoteOf = (response) => response.json();
const answer = (page, suffix) => page.waitForResponse((r) => r.request().method() !== 'GET' && r.url().endsWith(suffix));

test('types, a promo code in the wrong case, fees and VAT before paying; the order is that total', async () => {
  const page = await newPage(browser);
  await page.goto(`${stack.baseUrl}/signin?mode=signup&next=/event/${event.id}/seats`);
  await signUp(page, fanEmail('tariff'));
  await page.waitForURL(/\/seats$/);
  for (const seat of ['S1-1-5', 'S1-1-6', 'S1-1-7']) await clickSeat(page, seat);
  await page.getByRole('button', { name: /Reserve 3 seats/ }).click();
  await page.getByRole('timer').waitFor();

  // Front seats offer Adult and Child only: not the counter's Companion nor the rear's saver.
  const child = page.getByLabel('Ticket type for Section S1, row 1, seat 6');
  await child.waitFor();
  assert.deepEqual(await child.locator('option').allTextContents(), ['Adult – €65', 'Child – €45']);
  assert.equal(await page.locator('.quote-totals .total strong').textContent(), money(3 * 6500 + 3 * 150));
  const typed = answer(page, '/types');
  await child.selectOption({ label: 'Child – €45' });
  const afterType = await quoteOf(await typed);
  assert.equal(afterType.total_cents, 2 * 6500 + 4500 + 3 * 150);
  await page.locator('.quote-totals .total strong').getByText(money(afterType.total_cents), { exact: true }).waitFor();

  // An unknown code: said in words next to the field, in a live region.
  const field = page.getByLabel('Promo code');
  await field.fill('NOSUCH1');
  await field.press('Enter');
  const message = page.locator('#promo-code-message');
  await message.getByText("We don't know that code.").waitFor();
  assert.equal(await message.getAttribute('aria-live'), 'polite');
  assert.equal(await field.getAttribute('aria-describedby'), 'promo-code-message');

  // The code in the wrong case, applied with Enter.
  await field.fill('spring20');
  const applied = answer(page, '/voucher');
  await field.press('Enter');
  const quote = await quoteOf(await applied);
  assert.equal(quote.voucher, 'SPRING20');
  // 20 % off each face (5200 + 5200 + 3600), the fixed fee per ticket stays.
  assert.equal(quote.total_cents, 14000 + 450);
  assert.equal(quote.discount_cents, 1300 + 1300 + 900);
  const total = page.locator('.quote-totals .total strong');
  await total.getByText(money(quote.total_cents), { exact: true }).waitFor();
  await page.getByText('Code SPRING20 applied').waitFor();
  await page.getByRole('button', { name: 'Remove code' }).waitFor();
  assert.deepEqual(await page.locator('.line-discount .price').allTextContents(), ['−€13', '−€9', '−€13']);
  await page.getByText('Booking fees').waitFor();
  await page.getByText(`incl. VAT ${money(quote.tax_cents)}`).waitFor();
  const pay = page.getByRole('button', { name: `Pay ${money(quote.total_cents)}` });
  await pay.waitFor();
  const holdId = decodeURIComponent(new URL((await applied).url()).pathname.split('/')[2]);
  const server = await page.evaluate((id) => fetch(`/holds/${id}/quote`).then((r) => r.json()), holdId);
  assert.equal(server.total_cents, quote.total_cents);
  const shown = (await total.textContent()).trim();
  await checkPage(page, 'basket-pricing');

  await pay.click();
  await page.waitForURL(/\/pay\//);
  await payOnSandbox(page, successCard);
  await page.waitForURL(/\/account\/orders\//);
  await waitForOrderState(page, 'Paid — enjoy the show!');
  const orderId = decodeURIComponent(page.url().split('/').pop());
  const order = await page.evaluate((id) => fetch(`/orders/${id}`).then((r) => r.json()), orderId);
  assert.equal(order.status, 'paid');
  assert.equal(order.amount_cents, quote.total_cents);
  assert.equal(money(order.amount_cents), shown);

  // An invoice a company can book: asked for on the paid order, numbered, with the same total.
  await page.getByRole('heading', { name: 'Invoice' }).waitFor();
  await page.getByRole('button', { name: 'Ask for an invoice' }).click();
  await page.getByText("Please fill in the company's name and address.").waitFor();
  await page.getByLabel('Company name').fill('Acme Eventos S.L.');
  await page.getByLabel('Company address').fill('Calle Mayor 1, 28013 Madrid');
  await page.getByLabel('VAT number (optional)').fill('ESB12345678');
  await page.getByRole('button', { name: 'Ask for an invoice' }).click();
  await page.getByText('Your invoice is ready.').waitFor();
  const download = page.getByRole('link', { name: /^Download invoice HOUSE-\d{6} \(PDF\)$/ });
  await download.waitFor();
  const invoices = await page.evaluate((id) => fetch(`/orders/${id}/invoices`).then((r) => r.json()), orderId);
  assert.equal(invoices.invoices.length, 1);
  assert.equal(invoices.invoices[0].amount_cents, order.amount_cents);
  assert.equal(invoices.invoices[0].tax_cents, quote.tax_cents);
  const pdf = await page.request.get(new URL(await download.getAttribute('href'), page.url()).href);
  assert.equal(pdf.status(), 200);
  assert.equal(pdf.headers()['content-type'], 'application/pdf');
  assert.ok((await pdf.body()).subarray(0, 5).toString() === '%PDF-');
  await checkPage(page, 'order-invoice');
  await page.context().close();
});

test('on a phone in Spanish: the refusals in words, a type by keyboard, nothing scrolls sideways', async () => {
  const page = await newPage(browser, { ...phone, locale: 'es-ES' });
  await page.goto(`${stack.baseUrl}/signin?mode=signup&next=/event/${event.id}/seats`);
  await signUp(page, fanEmail('tarifa'));
  await page.waitForURL(/\/seats$/);
  await page.getByLabel('Número de asientos').selectOption('3');
  await page.getByRole('button', { name: 'Buscar los mejores' }).click();
  await page.getByRole('timer').waitFor();
  const selects = page.locator('.line-type select');
  await selects.first().waitFor();
  assert.equal(await selects.count(), 3);

  // Keyboard only: focus the first seat's type and move down to the next one.
  const typed = answer(page, '/types');
  await selects.first().focus();
  await page.keyboard.press('ArrowDown');
  const quote = await quoteOf(await typed);
  await page.locator('.quote-totals .total strong').getByText(money(quote.total_cents, 'es-ES'), { exact: true }).waitFor();

  const field = page.getByLabel('Código promocional');
  const message = page.locator('#promo-code-message');
  await field.fill('nada-de-nada');
  await field.press('Enter');
  await message.getByText('No conocemos ese código.').waitFor();
  await field.fill('winter10');
  await field.press('Enter');
  await message.getByText('Ese código ha caducado.').waitFor();
  await field.fill('Spring20');
  await page.getByRole('button', { name: 'Aplicar' }).click();
  await page.getByRole('button', { name: 'Quitar el código' }).waitFor();
  await page.getByText(/^VAT incluido: /).waitFor();

  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 360, `the basket is ${width} px wide on a 360 px phone`);
  await checkPage(page, 'basket-pricing-phone-es');

  // Removing the code gives the price without it back.
  const removed = answer(page, '/voucher');
  await page.getByRole('button', { name: 'Quitar el código' }).click();
  const plain = await quoteOf(await removed);
  assert.equal(plain.voucher, null);
  await page.locator('.quote-totals .total strong').getByText(money(plain.total_cents, 'es-ES'), { exact: true }).waitFor();
  await page.context().close();
});

test('an access code opens the fan club\'s seats: chosen, kept with the code and paid', async () => {
  const page = await newPage(browser);
  await page.goto(`${stack.baseUrl}/signin?mode=signup&next=/event/${event.id}/seats`);
  await signUp(page, fanEmail('club'));
  await page.waitForURL(/\/seats$/);
  // Closed without the code.
  await clickSeat(page, 'S2-4-2');
  await page.getByRole('button', { name: /Reserve 1 seat/ }).waitFor({ state: 'hidden' });

  await page.getByText('Have an access code?').click();
  const field = page.getByLabel('Access code');
  const message = page.locator('#access-code-message');
  await field.fill('NOSUCH1');
  await field.press('Enter');
  await message.getByText("We don't know that code.").waitFor();
  assert.equal(await message.getAttribute('aria-live'), 'polite');
  await field.fill('club2026');
  await page.getByRole('button', { name: 'Show my seats' }).click();
  await message.getByText('Code CLUB2026 opens 4 seats: they are on the map now, ready to choose.').waitFor();
  await checkPage(page, 'seats-access-code');

  // Chosen and reserved with the code; the code stays with them.
  await clickSeat(page, 'S2-4-2');
  const held = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/holds'));
  await page.getByRole('button', { name: /Reserve 1 seat/ }).click();
  assert.equal((await held).request().postDataJSON().voucher, 'CLUB2026');
  await page.getByRole('timer').waitFor();
  await page.getByRole('button', { name: 'Remove code' }).click();
  await page.locator('#promo-code-message').getByText('This code opened your seats, so it stays with them.').waitFor();

  const pay = page.getByRole('button', { name: /^Pay / });
  await pay.click();
  await page.waitForURL(/\/pay\//);
  await payOnSandbox(page, successCard);
  await page.waitForURL(/\/account\/orders\//);
  await waitForOrderState(page, 'Paid — enjoy the show!');
  const orderId = decodeURIComponent(page.url().split('/').pop());
  const order = await page.evaluate((id) => fetch(`/orders/${id}`).then((r) => r.json()), orderId);
  assert.equal(order.status, 'paid');
  assert.deepEqual(order.tickets.map((t) => t.seat_id), ['S2-4-2']);
  // Once per fan: the code opens nothing more for them.
  await page.goto(`${stack.baseUrl}/event/${event.id}/seats`);
  await page.getByText('Have an access code?').click();
  await page.getByLabel('Access code').fill('CLUB2026');
  await page.getByLabel('Access code').press('Enter');
  await page.locator('#access-code-message').getByText('You have already used that code as often as it allows.').waitFor();
  await page.context().close();
});
