// SPDX-License-Identifier: GPL-3.0-or-later
// What a fan does in the shop, as test steps: sign up, pick seats on the canvas with the mouse,
// pay on the sandbox's hosted page, wait for the order page to say paid.
import assert from 'node:assert/strict';

export const successCard = '4242424242424242';
export const declinedCard = '4000000000000002';

let counter = 0;
export function fanEmail(tag = 'fan') {
  return `${tag}-${process.pid}-${Date.now()}-${++counter}@example.test`;
}
export const fanPassword = 'correct-horse-battery-9';

/** Waits for the seat map to be drawn and returns where seat `id` is on the page. */
export async function seatPoint(page, id) {
  await page.waitForFunction(() => window.__boxofficeSeatMap?.widget && window.__boxofficeSeatMap.draws.length > 0);
  const point = await page.evaluate((seatId) => {
    const widget = window.__boxofficeSeatMap.widget;
    const i = widget.model.indexOf(seatId);
    if (i === undefined) return null;
    const rect = widget.element.getBoundingClientRect();
    return { x: rect.left + widget.view.toScreenX(widget.model.x[i]), y: rect.top + widget.view.toScreenY(widget.model.y[i]) };
  }, id);
  assert.ok(point, `seat ${id} is on the map`);
  return point;
}

/** Clicks seat `id` on the canvas (zooming in first when the map shows sections). */
export async function clickSeat(page, id) {
  await page.waitForFunction(() => window.__boxofficeSeatMap?.widget && window.__boxofficeSeatMap.draws.length > 0);
  const showsSeats = await page.evaluate(() => {
    const w = window.__boxofficeSeatMap.widget;
    return w.model.pitch * w.view.scale >= 8;
  });
  if (!showsSeats) {
    const p = await seatPoint(page, id);
    await page.mouse.click(p.x, p.y); // zooms into the section
    await page.waitForTimeout(100);
  }
  const p = await seatPoint(page, id);
  await page.mouse.click(p.x, p.y);
}

export async function seatStatus(page, id) {
  return page.evaluate((seatId) => {
    const w = window.__boxofficeSeatMap.widget;
    const i = w.model.indexOf(seatId);
    return { status: ['available', 'held', 'sold', 'blocked'][w.model.status[i]], mine: w.isMine(i) };
  }, id);
}

/** Fills the sign-up form shown in the page (the panel or the /signin page). */
export async function signUp(page, email, { name = 'Test Fan', password = fanPassword } = {}) {
  const panel = page.locator('.auth-panel').first();
  await panel.waitFor();
  const nameField = panel.getByLabel(/^(Name|Nombre)$/);
  if (!(await nameField.count())) await panel.getByRole('button', { name: /New here\?|¿Eres nuevo\?/ }).click();
  await nameField.fill(name);
  await panel.getByLabel(/^(Email|Correo electrónico)$/).fill(email);
  await panel.getByLabel(/^(Password|Contraseña)$/).fill(password);
  await panel.getByRole('button', { name: /^(Create account|Crear cuenta)$/ }).click();
}

export async function signIn(page, email, password = fanPassword) {
  const panel = page.locator('.auth-panel').first();
  await panel.getByLabel(/^(Email|Correo electrónico)$/).fill(email);
  await panel.getByLabel(/^(Password|Contraseña)$/).fill(password);
  await panel.getByRole('button', { name: /^(Sign in|Entrar)$/ }).click();
}

/** On the sandbox's hosted page: card details and submit. */
export async function payOnSandbox(page, card) {
  await page.waitForSelector('#card_number');
  await page.fill('#card_number', card);
  await page.fill('#exp', '12/34');
  await page.fill('#cvc', '123');
  await page.click('button[type=submit]');
}

/** Waits until the order page shows `status` (it waits for the server, not the redirect). */
export async function waitForOrderState(page, text, timeout = 20000) {
  await page.locator('.order-status').getByText(text).waitFor({ timeout });
}
