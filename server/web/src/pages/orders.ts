// SPDX-License-Identifier: GPL-3.0-or-later
// My orders: every order of the signed-in fan, newest first, with its state.
import { get } from '../api';
import { h, link, replace } from '../dom';
import { dateTime, money } from '../format';
import { t } from '../i18n';
import { currentUser, loadSession } from '../session';
import type { Order } from '../types';
import { heading, notice, showError } from './common';
import { loadEvent } from './event';
import { signInPanel } from './signin';

export async function ordersPage(main: HTMLElement) {
  await loadSession().catch(() => null);
  const title = heading(t('orders.title'));
  if (!currentUser()) {
    replace(main, title, notice('info', t('orders.signin')), signInPanel(() => void ordersPage(main)));
    return;
  }
  let orders: Order[];
  try {
    const answer = await get<{ items?: Order[]; orders?: Order[] } | Order[]>('/me/orders');
    orders = Array.isArray(answer) ? answer : (answer.items ?? answer.orders ?? []);
  } catch (error) {
    showError(main, error, () => void ordersPage(main));
    return;
  }
  orders.sort((a, b) => b.created_at.localeCompare(a.created_at));
  const list = h('ul', { class: 'order-list' });
  for (const order of orders) {
    const event = await loadEvent(order.event_id).catch(() => null);
    list.append(h('li', { class: 'order-card' },
      h('h2', {}, link(`/account/orders/${encodeURIComponent(order.order_id)}`, event?.title ?? t('order.number', { id: order.order_id.slice(0, 8) }))),
      event ? h('p', {}, dateTime(event.starts_at, event.time_zone)) : null,
      h('p', { class: 'meta' },
        h('span', { class: `badge badge-order-${order.status}` }, t(`status.${order.status}` as 'status.paid')),
        h('span', {}, money(order.amount_cents, order.currency)),
        order.tickets.length ? h('span', {}, `${order.tickets.length} × ${t('order.tickets')}`) : null)));
  }
  replace(main, title, orders.length ? list : h('p', {}, t('orders.none')));
}
