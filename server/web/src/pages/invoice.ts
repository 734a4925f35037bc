// SPDX-License-Identifier: GPL-3.0-or-later
// An order's invoice (docs/pricing.md "Invoices"): a company's details asked for once, then the
// invoice (issued by the server when the order is paid) and any cancellation invoices to download.
import { ApiError, get, put } from '../api';
import { h, replace } from '../dom';
import { money } from '../format';
import { language, t } from '../i18n';
import type { InvoiceList, Order } from '../types';
import { errorText, notice } from './common';

export function invoicePanel(order: Order): HTMLElement {
  const path = `/orders/${encodeURIComponent(order.order_id)}`;
  const message = h('div', { class: 'form-message', 'aria-live': 'polite' });
  const body = h('div', {});
  const panel = h('section', { class: 'invoice', 'aria-labelledby': 'invoice-title' },
    h('h2', { id: 'invoice-title' }, t('invoice.title')), body, message);

  const show = (list: InvoiceList, asked: boolean) => {
    if (list.invoices.length === 0) {
      replace(body, asked ? h('p', {}, t('invoice.afterPayment')) : form());
      return;
    }
    const items = list.invoices.map((invoice) => {
      const href = `${path}/invoice.pdf?number=${encodeURIComponent(invoice.number)}&lang=${language()}`;
      const name = invoice.kind === 'invoice'
        ? t('invoice.download', { number: invoice.number })
        : t('invoice.cancellation', { number: invoice.number, cancels: invoice.cancels ?? '' });
      return h('li', {},
        h('a', { href, download: `invoice-${invoice.number}.pdf` }, name),
        ` ${money(invoice.amount_cents, invoice.currency)}`);
    });
    replace(body, h('p', {}, t('invoice.to', { company: list.invoices[0].company })), h('ul', {}, ...items));
  };

  const form = () => {
    const field = (id: string, key: 'invoice.company' | 'invoice.address' | 'invoice.vat', required: boolean) => {
      const input = h('input', { id, name: id, type: 'text', required, maxlength: key === 'invoice.vat' ? 40 : 200, autocomplete: 'off' });
      return [h('label', { for: id }, t(key)), input] as const;
    };
    const [companyLabel, company] = field('invoice-company', 'invoice.company', true);
    const [addressLabel, address] = field('invoice-address', 'invoice.address', true);
    const [vatLabel, vat] = field('invoice-vat', 'invoice.vat', false);
    company.setAttribute('autocomplete', 'organization');
    address.setAttribute('autocomplete', 'street-address');
    const submit = h('button', { type: 'submit', class: 'button' }, t('invoice.ask'));
    // Our own words for missing fields (the browser's would be in its own language).
    const element = h('form', { class: 'auth-form', novalidate: true },
      h('p', { class: 'hint' }, t('invoice.intro')),
      companyLabel, company, addressLabel, address, vatLabel, vat, submit);
    element.addEventListener('submit', async (event) => {
      event.preventDefault();
      message.replaceChildren();
      if (!company.value.trim() || !address.value.trim()) {
        message.append(notice('error', t('invoice.fillIn')));
        (company.value.trim() ? address : company).focus();
        return;
      }
      submit.disabled = true;
      try {
        const list = await put<InvoiceList>(`${path}/billing`, {
          company: company.value.trim(),
          address: address.value.trim(),
          vat_number: vat.value.trim(),
        });
        show(list, true);
        message.append(notice('success', list.invoices.length ? t('invoice.ready') : t('invoice.afterPayment')));
      } catch (error) {
        submit.disabled = false;
        if (error instanceof ApiError && (error.code === 'invalid_field' || error.code === 'bad_request')) {
          message.append(notice('error', t('invoice.fillIn')));
          company.focus();
        } else if (error instanceof ApiError && error.code === 'invalid_state') {
          message.append(notice('error', t('invoice.notNow')));
        } else {
          message.append(notice('error', errorText(error)));
        }
      }
    });
    return element;
  };

  replace(body, h('p', { class: 'hint' }, t('invoice.loading')));
  void get<InvoiceList>(`${path}/invoices`)
    .then((list) => show(list, false))
    .catch((error) => replace(body, notice('error', errorText(error))));
  return panel;
}
