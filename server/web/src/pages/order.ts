// SPDX-License-Identifier: GPL-3.0-or-later
// An order: waits for the server to say "paid" (WebSocket `order.update`, polling as the
// fallback: the redirect back from the payment page proves nothing), then shows the tickets with
// their QR codes and the PDF. A declined payment may be retried while the hold lasts.
import { ApiError, get } from '../api';
import { h, link, replace } from '../dom';
import { dateTime, money, time } from '../format';
import { t } from '../i18n';
import { navigate } from '../router';
import { currentUser, loadSession } from '../session';
import { qrCanvas } from '../qr';
import { setCurrentHold } from '../store';
import type { EventDetail, Hold, Order, Ticket } from '../types';
import { ws } from '../ws';
import { errorText, heading, notice, showError, zoneOfEvent } from './common';
import { loadEvent } from './event';
import { checkout, goToPayment } from './basket';
import { invoicePanel } from './invoice';
import { signInPanel } from './signin';

export function checkoutReturnPage(_main: HTMLElement, _params: Record<string, string>, query: URLSearchParams) {
  const id = query.get('order_id');
  navigate(id ? `/account/orders/${encodeURIComponent(id)}` : '/account/orders', true);
}

export async function orderPage(main: HTMLElement, params: Record<string, string>) {
  await loadSession().catch(() => null);
  if (!currentUser()) {
    replace(main, heading(t('order.title')), notice('info', t('orders.signin')), signInPanel(() => void orderPage(main, params)));
    return;
  }
  const path = `/orders/${encodeURIComponent(params.id)}`;
  let order: Order;
  try {
    order = await get<Order>(path);
  } catch (error) {
    showError(main, error, () => void orderPage(main, params));
    return;
  }
  const event = await loadEvent(order.event_id).catch(() => null);
  const title = heading(event ? `${t('order.title')}: ${event.title}` : t('order.number', { id: order.order_id.slice(0, 8) }));
  const statusBox = h('div', { class: 'order-status', 'aria-live': 'polite' });
  const body = h('div', {});
  replace(main, link('/account/orders', `← ${t('orders.title')}`, { class: 'back' }), title, summary(order, event), statusBox, body);

  let stopped = false;
  let pollTimer = 0;
  let shownStatus = '';
  const show = async (next: Order) => {
    order = next;
    if (next.status === shownStatus) return;
    shownStatus = next.status;
    const state = main.querySelector('.order-state');
    if (state) state.textContent = t(`status.${next.status}` as 'status.paid');
    body.replaceChildren();
    switch (next.status) {
      case 'paid':
        setCurrentHold(null);
        replace(statusBox, notice('success', t('order.paid')));
        body.append(await tickets(next, event), invoicePanel(next));
        break;
      case 'pending':
        replace(statusBox, notice('info', t('order.waiting')), h('p', { class: 'hint' }, t('order.waitingNote')));
        if (next.payment?.page_url) {
          const pay = h('button', { type: 'button', class: 'button' }, t('order.payNow'));
          pay.addEventListener('click', () => goToPayment(next));
          body.append(h('p', { class: 'hint' }, t('order.pendingPay')), pay);
        }
        break;
      case 'failed':
        await showFailed(next);
        break;
      default:
        replace(statusBox, notice('warning', t(`order.${next.status}` as 'order.expired')));
    }
  };
  const showFailed = async (failed: Order) => {
    let hold: Hold | null = null;
    try {
      hold = await get<Hold>(`/holds/${encodeURIComponent(failed.hold_id)}`);
    } catch {
      hold = null;
    }
    const live = hold && hold.status !== 'expired' && hold.status !== 'released' && Date.parse(hold.expires_at) > Date.now();
    if (!live) {
      replace(statusBox, notice('error', t('order.failedLate')));
      return;
    }
    replace(statusBox, notice('error', t('order.failed', { time: time(hold!.expires_at, zoneOfEvent(event ?? {})) })));
    const retry = h('button', { type: 'button', class: 'button primary big' }, t('order.retry'));
    retry.addEventListener('click', async () => {
      retry.disabled = true;
      try {
        goToPayment(await checkout(failed.hold_id, true));
      } catch (error) {
        retry.disabled = false;
        body.append(notice('error', error instanceof ApiError && error.code === 'hold_expired' ? t('order.failedLate') : errorText(error)));
      }
    });
    body.append(retry);
    retry.focus();
  };
  const poll = () => {
    window.clearTimeout(pollTimer);
    if (stopped || order.status !== 'pending') return;
    pollTimer = window.setTimeout(async () => {
      try {
        await show(await get<Order>(path));
      } catch {
        // Try again at the next tick.
      }
      poll();
    }, ws.online ? 5000 : 1500);
  };
  const release = ws.use();
  const offPush = ws.onPush('order.update', (push) => {
    const next = push.order as Order | undefined;
    if (next && next.order_id === order.order_id) void show(next).then(poll);
  });
  // After a reconnect the push may have been missed: read the order again.
  const offOpen = ws.onOpen(() => void get<Order>(path).then(show).then(poll).catch(() => {}));
  await show(order);
  poll();
  return () => {
    stopped = true;
    window.clearTimeout(pollTimer);
    offPush();
    offOpen();
    release();
  };
}

function summary(order: Order, event: EventDetail | null): HTMLElement {
  return h('dl', { class: 'details' },
    event ? h('dt', {}, t('event.date')) : null,
    event ? h('dd', {}, dateTime(event.starts_at, zoneOfEvent(event))) : null,
    event ? h('dt', {}, t('event.venue')) : null,
    event ? h('dd', {}, [event.venue.name, event.venue.city].filter(Boolean).join(', ')) : null,
    h('dt', {}, t('order.amount')),
    h('dd', {}, money(order.amount_cents, order.currency)),
    h('dt', {}, t('order.status')),
    h('dd', { class: 'order-state' }, t(`status.${order.status}` as 'status.paid')),
  );
}

async function tickets(order: Order, event: EventDetail | null): Promise<HTMLElement> {
  const list = h('ul', { class: 'tickets' });
  for (const ticket of order.tickets) list.append(await ticketCard(ticket, event, order));
  const pdf = h('a', { class: 'button primary', href: `/orders/${encodeURIComponent(order.order_id)}/tickets.pdf`, download: `tickets-${order.order_id.slice(0, 8)}.pdf` }, t('order.pdf'));
  return h('section', { 'aria-labelledby': 'tickets-title' }, h('h2', { id: 'tickets-title' }, t('order.tickets')), pdf, list);
}

async function ticketCard(ticket: Ticket, event: EventDetail | null, order: Order): Promise<HTMLElement> {
  const what = ticket.seat_id ?? ticket.ga_id ?? ticket.ticket_id;
  const label = `${event?.title ?? ''} ${what}`.trim();
  return h('li', { class: `ticket ticket-${ticket.status}` },
    await qrCanvas(ticket.code, label),
    h('p', { class: 'ticket-seat' }, what),
    ticket.price_cents !== undefined && order ? h('p', {}, money(ticket.price_cents, order.currency)) : null,
    ticket.status === 'void' ? h('p', { class: 'badge' }, t('order.void')) : null);
}
