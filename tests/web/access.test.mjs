// SPDX-License-Identifier: GPL-3.0-or-later
// Keyboard only, Spanish, a 360 px phone, and the list view.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { checkPage, launch, newPage, screenshot } from './support/browser.mjs';
import { fanEmail, fanPassword, seatPoint, successCard } from './support/shop.mjs';
import { createEvent, startStack } from './support/stack.mjs';
import { eventJson, venueJson } from './support/venue.mjs';

let stack;
let browser;
let event;

before(async () => {
  stack = await startStack();
  browser = await launch();
  event = await createEvent(stack, venueJson('keys-hall', 2, 5, 12, { gaCapacity: 50 }), eventJson('keys-hall', { title: 'Keyboard Concert' }));
});

after(async () => {
  await browser?.close();
  await stack?.stop();
});

/** Presses Tab until the focused element matches `test` (evaluated in the page). */
async function tabTo(page, description, test, max = 60) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(test)) return;
  }
  assert.fail(`Tab never reached ${description}`);
}
const focusedText = (text) => `(() => { const e = document.activeElement; return !!e && (e.textContent || e.value || e.getAttribute('aria-label') || '').includes(${JSON.stringify(text)}); })()`;
const focusedIs = (selector) => `document.activeElement?.matches(${JSON.stringify(selector)})`;

test('the whole purchase with the keyboard only', async () => {
  const page = await newPage(browser);
  await page.goto(`${stack.baseUrl}/event/${event.id}`);
  await tabTo(page, 'Buy tickets', focusedText('Buy tickets'));
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/seats$/);
  await tabTo(page, 'the seat map', focusedIs('.seatmap'));
  await page.keyboard.press('ArrowRight');
  const first = await page.evaluate(() => document.activeElement.getAttribute('aria-activedescendant'));
  assert.match(first, /^seat-option-\d+$/);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await page.locator('#announcer').getByText(/^Row \d+, seat \d+, €\d+, added$/).waitFor();
  await page.keyboard.press('ArrowRight');
  const second = await page.evaluate(() => document.activeElement.getAttribute('aria-activedescendant'));
  assert.notEqual(second, first);
  await page.keyboard.press(' ');
  await page.locator('#announcer').getByText(/added$/).waitFor();
  await page.getByText('Selected: 2 of at most 6').waitFor();
  await checkPage(page, 'keyboard-seats');

  await tabTo(page, 'Reserve', focusedText('Reserve 2 seats'));
  await page.keyboard.press('Enter');
  await tabTo(page, 'Create an account', focusedText('New here?'));
  await page.keyboard.press('Enter'); // the form switches and focuses its first field
  await page.waitForFunction(() => document.activeElement?.matches('input[name=name]'));
  await page.keyboard.type('Key Board');
  await page.keyboard.press('Tab');
  await page.keyboard.type(fanEmail('keys'));
  await page.keyboard.press('Tab');
  await page.keyboard.type(fanPassword);
  await page.keyboard.press('Enter');
  await page.getByRole('timer').waitFor();
  await tabTo(page, 'Pay', focusedText('Pay '));
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/pay\//);
  await tabTo(page, 'card number', focusedIs('#card_number'));
  await page.keyboard.type(successCard);
  await page.keyboard.press('Tab');
  await page.keyboard.type('12/34');
  await page.keyboard.press('Tab');
  await page.keyboard.type('123');
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/account\/orders\//);
  await page.locator('.order-status').getByText('Paid — enjoy the show!').waitFor({ timeout: 20000 });
  // The tickets follow the status, once their QR codes are drawn.
  await page.locator('.ticket canvas').first().waitFor();
  assert.equal(await page.locator('.ticket').count(), 2);
  await page.context().close();
});

test('Spanish from Accept-Language; the language switch sticks', async () => {
  const page = await newPage(browser, { locale: 'es-ES' });
  await page.goto(stack.baseUrl);
  await page.getByRole('heading', { name: 'Busca un evento' }).waitFor();
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'es');
  await checkPage(page, 'es-search');
  await page.goto(`${stack.baseUrl}/event/${event.id}`);
  await page.getByRole('link', { name: 'Comprar entradas' }).waitFor();
  await checkPage(page, 'es-event');
  await page.getByRole('link', { name: 'Comprar entradas' }).click();
  await page.getByRole('heading', { name: /Elige asientos/ }).waitFor();
  await checkPage(page, 'es-seats');
  await page.selectOption('#language', 'en');
  await page.getByRole('heading', { name: /Choose seats/ }).waitFor();
  await page.reload();
  await page.getByRole('heading', { name: /Choose seats/ }).waitFor();
  await page.context().close();
});

test('a 360 px wide phone: nothing scrolls sideways, the map and the list work', async () => {
  const page = await newPage(browser, { width: 360, height: 740, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  for (const [path, name] of [['/', 'phone-search'], [`/event/${event.id}`, 'phone-event'], [`/event/${event.id}/seats`, 'phone-seats'], ['/account/orders', 'phone-orders']]) {
    await page.goto(`${stack.baseUrl}${path}`);
    await page.locator('h1').waitFor();
    await page.waitForLoadState('networkidle');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 360, `${name} is ${width} px wide`);
    await checkPage(page, name);
  }
  // Pinch (two touch points moving apart) zooms the map in.
  await page.goto(`${stack.baseUrl}/event/${event.id}/seats`);
  await page.waitForFunction(() => window.__boxofficeSeatMap?.widget && window.__boxofficeSeatMap.draws.length > 0);
  const scaleBefore = await page.evaluate(() => window.__boxofficeSeatMap.widget.view.scale);
  const { x: cx, y: cy } = await seatPoint(page, 'S2-3-6'); // over seats, not the aisle
  const cdp = await page.context().newCDPSession(page);
  const touch = (type, d) => cdp.send('Input.dispatchTouchEvent', {
    type,
    touchPoints: type === 'touchEnd' ? [] : [{ x: cx - d, y: cy, id: 1 }, { x: cx + d, y: cy, id: 2 }],
  });
  await touch('touchStart', 20);
  for (let d = 25; d <= 100; d += 5) await touch('touchMove', d);
  await touch('touchEnd', 0);
  const scaleAfter = await page.evaluate(() => window.__boxofficeSeatMap.widget.view.scale);
  assert.ok(scaleAfter > scaleBefore * 2, `pinch zoomed in: ${scaleBefore} -> ${scaleAfter}`);
  await screenshot(page, 'phone-seats-pinched');

  // The list view: section -> row -> seats as toggle buttons.
  await page.goto(`${stack.baseUrl}/event/${event.id}/seats`);
  await page.getByRole('button', { name: 'List of seats' }).click();
  await page.locator('.seat-list summary').first().click();
  const seat = page.getByRole('button', { name: /^Row 1, seat 3, / });
  await seat.click();
  assert.equal(await seat.getAttribute('aria-pressed'), 'true');
  await page.getByText('Selected: 1 of at most 6').waitFor();
  await checkPage(page, 'phone-seat-list');
  await page.context().close();
});
