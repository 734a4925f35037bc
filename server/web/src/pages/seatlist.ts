// SPDX-License-Identifier: GPL-3.0-or-later
// The list view of the seat map, for screen readers and anyone who prefers it:
// section -> row -> available seats as toggle buttons. A section's rows are built when opened.
import { h } from '../dom';
import { money } from '../format';
import { t } from '../i18n';
import { Status } from '../seatmap/model';
import type { SeatPageContext } from './seats';

export function seatList(context: SeatPageContext, toggle: (i: number) => void) {
  const { model, event, widget } = context;
  const element = h('div', { class: 'seat-list' });
  const buttons = new Map<number, HTMLButtonElement>();

  const update = (i: number) => {
    const button = buttons.get(i);
    if (!button) return;
    const mine = widget.isMine(i);
    button.setAttribute('aria-pressed', String(mine));
    button.disabled = !mine && model.status[i] !== Status.Available;
  };

  model.sections.forEach((section, s) => {
    const summary = h('summary', {}, t('seats.sectionInfo', { section: `${t('seats.bestSection')} ${section.id}`, count: section.available }));
    const details = h('details', {}, summary);
    let built = false;
    details.addEventListener('toggle', () => {
      if (!details.open || built) return;
      built = true;
      let row: string | null = null;
      let group: HTMLElement | null = null;
      for (const i of model.seatsInOrder(s)) {
        if (model.rowOf(i) !== row) {
          row = model.rowOf(i);
          group = h('div', { class: 'row-seats', role: 'group', 'aria-label': t('seats.row', { row }) });
          details.append(h('h3', {}, t('seats.row', { row })), group);
        }
        const price = model.price(i);
        const button = h(
          'button',
          {
            type: 'button',
            class: 'seat-button',
            'aria-label': t('seats.seatPrice', { row: model.rowOf(i), number: model.numberOf(i), price: price === undefined ? '' : money(price, event.currency) }),
          },
          model.numberOf(i),
        );
        button.addEventListener('click', () => {
          toggle(i);
          update(i);
        });
        buttons.set(i, button);
        group!.append(button);
        update(i);
      }
      if (!section.size) details.append(h('p', {}, t('seats.noSeats')));
    });
    element.append(details);
  });

  return {
    element,
    refresh(indices: number[]) {
      for (const i of indices) update(i);
    },
  };
}
