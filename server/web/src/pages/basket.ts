// SPDX-License-Identifier: GPL-3.0-or-later
// The basket: the held seats with prices, a visible countdown, release, and checkout. Checkout
// creates the order with an Idempotency-Key fixed per hold and attempt (a double click is one
// order), then sends the fan to the payment provider's hosted page. Coming back proves nothing:
// the order page waits for the server to say "paid".
import { ApiError, del, get, post } from '../api';
import { announce, h, replace } from '../dom';
import { countdown, money } from '../format';
import { t } from '../i18n';
import { navigate } from '../router';
import type { Hold, Order } from '../types';
import { errorText, notice } from './common';
import { pricingPanel } from './pricing';
import type { SeatPageContext } from './seats';

export interface BasketHandlers {
  say(kind: 'error' | 'info' | 'warning' | 'success', text: string): void;
  ended(why: 'expired' | 'released', seats: string[]): void;
}

export function basketPanel(context: SeatPageContext, hold: Hold, handlers: BasketHandlers): HTMLElement {
  const { event } = context;
  let ended = false;
  const element = h('div', { class: 'basket' });
  const timer = h('p', { class: 'countdown', role: 'timer', 'aria-live': 'off' });
  const pay = h('button', { type: 'button', class: 'button primary big' });
  const pricing = pricingPanel(context, hold, {
    total: (cents) => {
      pay.disabled = cents === null; // a new price is on its way
      if (cents !== null) pay.textContent = t('basket.checkout', { amount: money(cents, event.currency) });
    },
    holdEnded: () => {
      ended = true;
      handlers.ended('expired', hold.seats);
    },
  });
  pay.textContent = t('basket.checkout', { amount: money(pricing.estimate(), event.currency) });
  const release = h('button', { type: 'button', class: 'button' }, t('basket.release'));
  const message = h('div', {});
  replace(element, h('h2', {}, t('basket.title')), timer, pricing.element, message, pay, release);

  const expiresAt = Date.parse(hold.expires_at);
  let warned = false;
  const tick = async () => {
    if (!element.isConnected || ended) return;
    const left = (expiresAt - Date.now()) / 1000;
    timer.textContent = t('basket.expiresIn', { time: countdown(left) });
    if (left <= 60 && !warned) {
      warned = true;
      announce(timer.textContent); // once, a minute before the end
    }
    if (left > 0) {
      window.setTimeout(tick, 1000 - (Date.now() % 1000) + 5);
      return;
    }
    // The server decides: ask it whether the hold really ended.
    try {
      const fresh = await get<Hold>(`/holds/${encodeURIComponent(hold.hold_id)}`);
      if (fresh.status === 'active' && Date.parse(fresh.expires_at) > Date.now()) {
        window.setTimeout(tick, 1000);
        return;
      }
    } catch {
      // Unknown: treat as ended (the server sweeps it anyway).
    }
    ended = true;
    handlers.ended('expired', hold.seats);
  };
  window.setTimeout(tick, 0); // once the panel is in the page

  release.addEventListener('click', async () => {
    release.disabled = true;
    try {
      await del(`/holds/${encodeURIComponent(hold.hold_id)}`);
      ended = true;
      handlers.ended('released', hold.seats);
    } catch (error) {
      release.disabled = false;
      replace(message, notice('error', errorText(error)));
    }
  });

  pay.addEventListener('click', async () => {
    pay.disabled = true;
    release.disabled = true;
    replace(message, notice('info', t('checkout.redirecting')));
    try {
      const order = await checkout(hold.hold_id);
      goToPayment(order);
    } catch (error) {
      pay.disabled = false;
      release.disabled = false;
      if (error instanceof ApiError && error.code === 'hold_expired') {
        ended = true;
        handlers.ended('expired', hold.seats);
        return;
      }
      replace(message, notice('error', errorText(error)));
    }
  });
  return element;
}

/** One key per hold and payment attempt: pressing twice (or reloading) makes one order. */
function checkoutKey(holdId: string): string {
  const name = `boxoffice.checkout.${holdId}`;
  let key = sessionStorage.getItem(name);
  if (!key) {
    key = `order-${holdId}-${Date.now()}`;
    sessionStorage.setItem(name, key);
  }
  return key;
}

/** Creates (or finds again) the order for `holdId`; `retry` starts a new payment attempt. */
export async function checkout(holdId: string, retry = false): Promise<Order> {
  if (retry) sessionStorage.removeItem(`boxoffice.checkout.${holdId}`);
  return post<Order>('/orders', { hold_id: holdId, return_url: `${location.origin}/checkout/return` }, {
    headers: { 'Idempotency-Key': checkoutKey(holdId) },
  });
}

/** To the provider's hosted page; without one, to the order page (which waits for payment). */
export function goToPayment(order: Order): void {
  const url = order.payment?.page_url;
  if (url && /^https?:\/\//.test(url)) location.assign(url);
  else navigate(`/account/orders/${encodeURIComponent(order.order_id)}`);
}
