// SPDX-License-Identifier: GPL-3.0-or-later
// The basket's prices: per seat a ticket-type choice (only the types of the seat's category sold
// online), the promo code, and the summary the server quotes (ticket lines with their discount,
// fees, the tax within, the total) before the fan pays. The server computes every figure; until
// its quote arrives the seats show their category's price.
import { ApiError, get, put } from '../api';
import { announce, h, replace } from '../dom';
import { money } from '../format';
import { t } from '../i18n';
import type { Hold, PriceLine, PriceRules, Quote, TicketType } from '../types';
import { errorText } from './common';
import { promoCode } from './promocode';
import type { SeatPageContext } from './seats';

export interface PricingHandlers {
  /** The total to pay, or null while a change is on its way (paying then could pay a stale price). */
  total(cents: number | null): void;
  holdEnded(): void;
}

interface SeatRow {
  seat: string;
  base: number; // the category's price
  element: HTMLLIElement;
  price: HTMLElement;
  discount: HTMLElement;
  message: HTMLElement;
  select: HTMLSelectElement | null;
}

export function pricingPanel(context: SeatPageContext, hold: Hold, handlers: PricingHandlers) {
  const { event, model } = context;
  const currency = event.currency;
  const holdPath = `/holds/${encodeURIComponent(hold.hold_id)}`;
  const list = h('ul', { class: 'picked' });
  const totals = h('div', { class: 'quote-totals' });
  let rules: PriceRules | null = null;
  let quote: Quote | null = null;
  let pending = 0;
  let picks = 0; // the latest pick's number: an earlier answer arriving late is not shown

  const rows: SeatRow[] = hold.seats.map((seat, n) => {
    const i = model.indexOf(seat);
    const base = i === undefined ? 0 : (model.price(i) ?? 0);
    const price = h('span', { class: 'price' }, money(base, currency));
    const label = h('span', { class: 'seat-name', id: `seat-name-${n}` }, i === undefined ? seat : context.seatLabel(i));
    const discount = h('div', { class: 'line-discount', hidden: true });
    const message = h('p', { class: 'field-message error', id: `type-message-${n}`, 'aria-live': 'polite' });
    const element = h('li', { class: 'line' }, h('div', { class: 'line-head' }, label, price), discount, message);
    list.append(element);
    return { seat, base, element, price, discount, message, select: null };
  });
  const promo = promoCode(hold.hold_id, {
    busy: (on) => busy(on),
    quoted: (next) => show(next, true),
    holdEnded: handlers.holdEnded,
  });
  const element = h('div', { class: 'pricing' }, list, totals, promo.element);
  promo.element.hidden = true; // until the server answered a quote

  const busy = (on: boolean) => {
    pending += on ? 1 : -1;
    handlers.total(pending > 0 ? null : quote ? quote.total_cents : estimate());
  };

  const estimate = () => {
    let sum = rows.reduce((s, row) => s + row.base, 0);
    if (hold.ga) {
      const area = context.ga.find((g) => g.id === hold.ga!.id);
      sum += (event.categories.find((c) => c.id === area?.category)?.price_cents ?? 0) * hold.ga.quantity;
    }
    return sum;
  };

  /** The types a fan may pick online for a seat of category `category`. */
  const typesFor = (category: string | undefined) =>
    (rules?.ticket_types ?? []).filter((type) =>
      (!type.category || type.category === category) && (!type.channels?.length || type.channels.includes('online')));
  const priceOf = (type: TicketType, base: number) => type.price_cents ?? Math.max(0, base + (type.delta_cents ?? 0));

  const addSelect = (row: SeatRow, n: number) => {
    const i = model.indexOf(row.seat);
    const types = typesFor(i === undefined ? undefined : model.categories[model.category[i]]?.id);
    if (!types.length) return;
    // "Standard" (no type: the category's price) only when no type costs just that; else a seat
    // without a pick shows that type.
    const plain = types.find((type) => priceOf(type, row.base) === row.base);
    const select = h('select', { id: `seat-type-${n}`, 'aria-describedby': `type-message-${n}`, 'data-plain': plain?.id ?? '' },
      plain ? null : h('option', { value: '' }, t('pricing.option', { name: t('pricing.standard'), price: money(row.base, currency) })),
      ...types.map((type) => h('option', { value: type.id }, t('pricing.option', { name: type.name, price: money(priceOf(type, row.base), currency) }))));
    const label = h('label', { for: select.id, class: 'visually-hidden' }, t('pricing.typeFor', { seat: row.element.querySelector('.seat-name')!.textContent ?? row.seat }));
    row.select = select;
    row.element.insertBefore(h('div', { class: 'line-type' }, label, select), row.discount);
    select.addEventListener('change', () => void pick(row));
  };

  const pick = async (row: SeatRow) => {
    const types: Record<string, string> = {};
    for (const r of rows) if (r.select?.value) types[r.seat] = r.select.value;
    row.message.textContent = '';
    const mine = ++picks;
    busy(true);
    try {
      const next = await put<Quote>(`${holdPath}/types`, { types });
      if (mine === picks) show(next, true);
    } catch (error) {
      if (mine !== picks) return;
      if (error instanceof ApiError && (error.code === 'hold_expired' || error.code === 'not_found')) {
        handlers.holdEnded();
        return;
      }
      if (quote) show(quote, false); // back to what the server holds
      const name = row.select?.selectedOptions[0]?.textContent?.split(' – ')[0] ?? '';
      row.message.textContent = typeRefusal(error, name);
    } finally {
      busy(false);
    }
  };

  /** Shows the server's quote; `changed`: the fan changed something, so say the new total. */
  const show = (next: Quote, changed: boolean) => {
    quote = next;
    const ticketLines = next.lines.filter((line) => line.kind === 'ticket');
    for (const row of rows) {
      const line = ticketLines.find((l) => l.place === row.seat);
      if (!line) continue;
      if (row.select) row.select.value = line.type ?? row.select.dataset.plain ?? '';
      row.price.textContent = money(line.total_cents + (line.discount_cents ?? 0), currency);
      showDiscount(row.discount, line, next.voucher);
    }
    const seats = new Set(hold.seats);
    const others = ticketLines.filter((line) => !line.place || !seats.has(line.place));
    replace(totals,
      others.length ? gaRow(others) : null,
      next.fee_cents ? row(t('pricing.fees'), money(next.fee_cents, currency)) : null,
      row(t('basket.total'), money(next.total_cents, currency), 'total'),
      next.tax_cents ? h('p', { class: 'tax-note' }, t('pricing.inclTax', { name: rules?.tax?.name || t('pricing.tax'), amount: money(next.tax_cents, currency) })) : null);
    promo.show(next);
    if (changed) announce(t('pricing.totalNow', { amount: money(next.total_cents, currency) }));
  };

  const showDiscount = (target: HTMLElement, line: PriceLine, code: string | null) => {
    const off = line.discount_cents ?? 0;
    target.hidden = off <= 0;
    replace(target, off > 0 ? h('span', {}, t('pricing.discount', { code: code ?? '' })) : null,
      off > 0 ? h('span', { class: 'price' }, `−${money(off, currency)}`) : null);
  };

  const gaRow = (lines: PriceLine[]) => {
    const area = context.ga.find((g) => g.id === hold.ga?.id);
    const sum = lines.reduce((s, line) => s + line.total_cents, 0);
    return row(t('basket.standing', { count: lines.length, name: area?.name ?? hold.ga?.id ?? '' }), money(sum, currency));
  };

  const row = (label: string, amount: string, kind = 'sum') =>
    h('p', { class: kind }, h('span', {}, label), kind === 'total' ? h('strong', {}, amount) : h('span', { class: 'price' }, amount));

  // Before the quote: the category prices (the basket as it was before ticket types).
  if (hold.ga) {
    const area = context.ga.find((g) => g.id === hold.ga!.id);
    const price = event.categories.find((c) => c.id === area?.category)?.price_cents;
    list.append(h('li', { class: 'line' }, h('div', { class: 'line-head' },
      h('span', {}, t('basket.standing', { count: hold.ga.quantity, name: area?.name ?? hold.ga.id })),
      price ? h('span', { class: 'price' }, money(price * hold.ga.quantity, currency)) : null)));
  }
  replace(totals, row(t('basket.total'), money(estimate(), currency), 'total'));

  const load = async () => {
    busy(true);
    try {
      const [priced, first] = await Promise.all([
        get<PriceRules>(`/events/${encodeURIComponent(event.id)}/pricing`),
        get<Quote>(`${holdPath}/quote`),
      ]);
      rules = priced;
      rows.forEach(addSelect);
      if (hold.ga) list.lastElementChild?.remove(); // the quote's lines replace the estimate
      promo.element.hidden = false;
      show(first, false);
    } catch (error) {
      // Without a quote the category prices stand (the order is priced by the server anyway).
      rows[0]?.message.replaceChildren(errorText(error));
    } finally {
      busy(false);
    }
  };
  void load();
  return { element, estimate };
}

function typeRefusal(error: unknown, name: string): string {
  if (error instanceof ApiError) {
    if (error.code === 'invalid_field') return t('pricing.typeUnavailable');
    if (error.code === 'limit_exceeded')
      return typeof error.problem.limit === 'number' ? t('pricing.typeLimit', { limit: error.problem.limit, name }) : t('pricing.typeLimitAny');
  }
  return errorText(error);
}
