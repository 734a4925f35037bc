// SPDX-License-Identifier: GPL-3.0-or-later
// /account/transfer#token=...: the link of a transfer mail. Shows the offer, lets the fan sign in
// or sign up on the page (the token stays in memory), then accepts it.
import { takeLinkToken } from '../account';
import { h, link, replace } from '../dom';
import { dateTime } from '../format';
import { t } from '../i18n';
import { qrCanvas } from '../qr';
import { currentUser, loadSession } from '../session';
import { acceptOffer, lookUpOffer, type TransferOffer } from '../transfers';
import { heading, notice } from './common';
import { signInPanel } from './signin';
import { transferErrorText } from './transferrefusal';

export async function acceptTransferPage(main: HTMLElement): Promise<void> {
  const token = takeLinkToken();
  const body = h('div', {});
  replace(main, heading(t('transfer.acceptTitle')), body);
  let offer: TransferOffer;
  try {
    offer = await lookUpOffer(token);
  } catch (error) {
    replace(body, notice('error', transferErrorText(error)), link('/', t('nav.search')));
    return;
  }
  const place = offer.place.area
    ?? t('tickets.seat', { section: offer.place.section ?? '', row: offer.place.row ?? '', number: offer.place.number ?? '' });
  const summary = h('div', {},
    h('p', {}, t('transfer.offer', { from: offer.from, event: offer.event_title })),
    h('p', {}, dateTime(offer.starts_at)),
    h('p', { class: 'ticket-seat' }, place),
    h('p', {}, t('transfer.sentTo', { email: offer.to })));
  const step = h('div', {});
  replace(body, summary, step);
  const showAccept = () => {
    const accept = h('button', { type: 'button', class: 'button primary' }, t('transfer.accept'));
    accept.addEventListener('click', async () => {
      accept.disabled = true;
      try {
        const done = await acceptOffer(token);
        replace(step, notice('success', t('transfer.accepted')),
          await qrCanvas(done.code, `${offer.event_title} ${place}`),
          link('/account/tickets', t('nav.tickets')));
      } catch (error) {
        accept.disabled = false;
        step.append(notice('error', transferErrorText(error)));
      }
    });
    replace(step, accept);
    accept.focus();
  };
  await loadSession().catch(() => null);
  const user = currentUser();
  const you = user?.email ?? user?.sub ?? '';
  if (user && you.toLowerCase() !== offer.to.toLowerCase())
    replace(step, notice('warning', t('transfer.wrongRecipient', { email: offer.to, you })));
  else if (user) showAccept();
  else replace(step, notice('info', t('transfer.signIn')), signInPanel(showAccept));
}
