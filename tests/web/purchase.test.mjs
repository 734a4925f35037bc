// SPDX-License-Identifier: GPL-3.0-or-later
// A fan's purchase in a real Chromium against the real server, PostgreSQL, Redis and payment
// sandbox: search -> event -> two seats -> sign up -> pay -> paid with two tickets -> the PDF's
// QR codes decode. Also: a declined card then a good one, and closing the tab during payment.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { checkPage, launch, newPage, screenshot } from './support/browser.mjs';
import { clickSeat, declinedCard, fanEmail, payOnSandbox, seatPoint, seatStatus, signIn, signUp, successCard, waitForOrderState } from './support/shop.mjs';
import { createEvent, startStack } from './support/stack.mjs';
import { eventJson, venueJson } from './support/venue.mjs';

let stack;
let browser;
let event;
const hostile = '<img src=x onerror="window.__xss=1">';

before(async () => {
  stack = await startStack();
  browser = await launch();
  event = await createEvent(stack, venueJson('gala-hall', 2, 4, 10), eventJson('gala-hall', { title: 'Purchase Gala', sale_conditions: 'No refunds.' }));
  const odd = await createEvent(stack, venueJson('odd-hall', 1, 2, 5, { name: hostile }), eventJson('odd-hall', { title: hostile }));
  // Enough events for a second page of results (the shop asks for 12 at a time).
  for (let n = 1; n <= 14; n++)
    await createEvent(stack, null, eventJson(odd.venue.id, { title: `Paging Night ${n}`, category: 'theatre', starts_at: `2030-07-${String(n).padStart(2, '0')}T19:00:00Z` }));
});

after(async () => {
  await browser?.close();
  await stack?.stop();
});

async function searchUntilFound(page, text) {
  // The search index is fed from the outbox: it may lag a moment behind the new event.
  for (let attempt = 0; attempt < 40; attempt++) {
    await page.getByLabel('Search events, artists, venues or cities').fill(text);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForFunction(() => document.querySelector('.result-count')?.textContent);
    if ((await page.locator('.event-card').count()) > 0) return;
    await page.waitForTimeout(250);
  }
  assert.fail(`no search result for ${text}`);
}

test('full purchase: search, two seats, sign up, pay, two tickets whose PDF QR codes decode', async () => {
  const page = await newPage(browser);
  await page.goto(stack.baseUrl);
  await searchUntilFound(page, 'Purchase Gala');
  await checkPage(page, 'search');
  await page.getByRole('link', { name: 'Purchase Gala' }).click();
  await page.getByRole('heading', { name: 'Purchase Gala' }).waitFor();
  await checkPage(page, 'event');
  await page.getByRole('link', { name: 'Buy tickets' }).click();

  // Hovering a seat tells what it is.
  const hovered = await seatPoint(page, 'S1-2-3');
  await page.mouse.move(hovered.x, hovered.y);
  await page.locator('.seat-tooltip').getByText('Section S1, row 2, seat 3, Front, €65, available').waitFor();
  await clickSeat(page, 'S1-1-5');
  await clickSeat(page, 'S1-1-6');
  assert.deepEqual(await seatStatus(page, 'S1-1-5'), { status: 'available', mine: true });
  await page.getByText('Selected: 2 of at most 6').waitFor();
  await checkPage(page, 'seats-selected');
  await page.getByRole('button', { name: /Reserve 2 seats/ }).click();
  // Not signed in: the sign-in panel comes up in the page and the selection stays.
  await page.getByText('Sign in or create an account to reserve these seats').waitFor();
  await checkPage(page, 'seats-signin');
  await signUp(page, fanEmail('buyer'));
  await page.getByRole('timer').getByText(/Your seats are held for \d+:\d\d/).waitFor();
  await checkPage(page, 'basket');
  const pay = page.getByRole('button', { name: /^Pay / });
  await pay.dblclick(); // a double click is still one order

  await page.waitForURL(/\/pay\//);
  await screenshot(page, 'sandbox-pay');
  await payOnSandbox(page, successCard);
  await page.waitForURL(/\/account\/orders\//);
  await waitForOrderState(page, 'Paid — enjoy the show!');
  await page.locator('.ticket canvas').nth(1).waitFor();
  assert.equal(await page.locator('.ticket').count(), 2);
  await checkPage(page, 'order-paid');

  const orderId = decodeURIComponent(page.url().split('/').pop());
  const order = await page.evaluate((id) => fetch(`/orders/${id}`).then((r) => r.json()), orderId);
  assert.equal(order.status, 'paid');
  assert.equal(order.tickets.length, 2);
  const mine = await page.evaluate(() => fetch('/me/orders').then((r) => r.json()));
  const orders = Array.isArray(mine) ? mine : (mine.orders ?? mine.items);
  assert.equal(orders.length, 1, 'the double click made one order');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download tickets (PDF)' }).click()]);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-pdf-'));
  const pdf = path.join(dir, 'tickets.pdf');
  await download.saveAs(pdf);
  execFileSync('pdftoppm', ['-r', '150', '-png', pdf, path.join(dir, 'page')]);
  const pages = fs.readdirSync(dir).filter((f) => f.endsWith('.png')).map((f) => path.join(dir, f));
  const decoded = execFileSync('zbarimg', ['--quiet', '--raw', '-Sdisable', '-Sqrcode.enable', ...pages]).toString().trim().split('\n').sort();
  assert.deepEqual(decoded, order.tickets.map((t) => t.code).sort());
  fs.rmSync(dir, { recursive: true, force: true });

  await page.getByRole('link', { name: 'My orders' }).first().click();
  await page.locator('.order-card').first().waitFor();
  await checkPage(page, 'my-orders');
  await page.context().close();
});

test('search filters and pages with the cursor', async () => {
  const page = await newPage(browser);
  await page.goto(stack.baseUrl);
  await searchUntilFound(page, 'Paging Night');
  for (let attempt = 0; attempt < 40 && (await page.locator('.event-card').count()) < 12; attempt++) {
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForTimeout(250);
  }
  assert.equal(await page.locator('.event-card').count(), 12);
  await page.getByRole('button', { name: 'More events' }).click();
  await page.getByText('14 events shown').waitFor();
  await page.getByRole('button', { name: 'More events' }).waitFor({ state: 'hidden' });
  // Category and dates narrow it down.
  await page.getByLabel('Category').selectOption('concert');
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByText('No events match your search.').waitFor();
  await page.getByLabel('Category').selectOption('theatre');
  await page.getByLabel('From').fill('2030-07-03');
  await page.getByLabel('To').fill('2030-07-05');
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByText('3 events shown').waitFor();
  await checkPage(page, 'search-filtered');
  await page.context().close();
});

test('titles and names are text, never HTML', async () => {
  const page = await newPage(browser);
  await page.goto(stack.baseUrl);
  await searchUntilFound(page, 'img onerror');
  await page.getByRole('link', { name: hostile }).waitFor();
  await page.getByRole('link', { name: hostile }).click();
  await page.getByRole('heading', { name: hostile }).waitFor();
  assert.equal(await page.locator('main img').count(), 0);
  assert.equal(await page.evaluate(() => window.__xss), undefined);
  await screenshot(page, 'event-hostile-title');
  await page.context().close();
});

test('a declined card, then the success card while the hold lasts', async () => {
  const page = await newPage(browser);
  await page.goto(`${stack.baseUrl}/signin?mode=signup&next=/event/${event.id}/seats`);
  await signUp(page, fanEmail('declined'));
  await page.waitForURL(/\/seats$/);
  await clickSeat(page, 'S2-2-3');
  await page.getByRole('button', { name: /Reserve 1 seat/ }).click();
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.waitForURL(/\/pay\//);
  await payOnSandbox(page, declinedCard);
  await screenshot(page, 'sandbox-declined');
  await page.getByRole('link', { name: 'Back to the shop' }).click();
  await page.waitForURL(/\/account\/orders\//);
  await waitForOrderState(page, /The payment was declined/);
  await checkPage(page, 'order-declined');
  await page.getByRole('button', { name: 'Try another card' }).click();
  await page.waitForURL(/\/pay\//);
  await payOnSandbox(page, successCard);
  await page.waitForURL(/\/account\/orders\//);
  await waitForOrderState(page, 'Paid — enjoy the show!');
  await page.context().close();
});

test('closing the tab during payment, then signing in again: the order is there and paid', async () => {
  const email = fanEmail('closer');
  const first = await newPage(browser);
  await first.goto(`${stack.baseUrl}/signin?mode=signup&next=/event/${event.id}/seats`);
  await signUp(first, email);
  await first.waitForURL(/\/seats$/);
  await clickSeat(first, 'S2-4-8');
  await first.getByRole('button', { name: /Reserve 1 seat/ }).click();
  await first.getByRole('button', { name: /^Pay / }).click();
  await first.waitForURL(/\/pay\//);
  await first.fill('#card_number', successCard);
  await first.fill('#exp', '12/34');
  await first.fill('#cvc', '123');
  const paid = first.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/pay/'));
  await first.click('button[type=submit]');
  await paid;
  await first.context().close(); // gone before it came back to the shop

  const second = await newPage(browser);
  await second.goto(`${stack.baseUrl}/account/orders`);
  await signIn(second, email);
  const card = second.locator('.order-card').first();
  await card.waitFor();
  await card.getByRole('link').click();
  await waitForOrderState(second, 'Paid — enjoy the show!');
  await second.locator('.ticket canvas').first().waitFor();
  assert.equal(await second.locator('.ticket').count(), 1);
  await second.context().close();
});
