// SPDX-License-Identifier: GPL-3.0-or-later
// The fans' web shop: header, routes, language. Everything else lives in pages/.
import { h, link, replace } from './dom';
import { language, setLanguage, t, type Language } from './i18n';
import { fallback, interceptLinks, navigate, render, route } from './router';
import { currentUser, loadSession, onSessionChange, signOut } from './session';
import { heading, notice } from './pages/common';
import { accountPage } from './pages/account';
import { eventPage } from './pages/event';
import { checkoutReturnPage, orderPage } from './pages/order';
import { ordersPage } from './pages/orders';
import { queuePage } from './pages/queue';
import { searchPage } from './pages/search';
import { seatsPage } from './pages/seats';
import { signInPage } from './pages/signin';
import { forgotPasswordPage, resetPasswordPage } from './pages/resetpassword';
import { verifyPage } from './pages/verify';
import { ticketsPage } from './pages/tickets';
import { acceptTransferPage } from './pages/transfer';
import { waitingOfferPage } from './pages/waitinglist';
import { showVerifyBanner } from './pages/verifybanner';
import { currentHold } from './store';

route('/', searchPage);
route('/event/:id', eventPage);
route('/event/:id/queue', queuePage);
route('/event/:id/seats', seatsPage);
route('/basket', (main) => {
  const hold = currentHold();
  if (hold) navigate(`/event/${encodeURIComponent(hold.event_id)}/seats`, true);
  else replace(main, heading(t('basket.title')), h('p', {}, t('basket.empty')), link('/', t('nav.search')));
});
route('/signin', signInPage);
route('/account', accountPage);
route('/account/orders', ordersPage);
route('/account/orders/:id', orderPage);
route('/account/tickets', ticketsPage);
route('/account/transfer', acceptTransferPage);
route('/account/waiting-list/:id', waitingOfferPage);
route('/checkout/return', checkoutReturnPage);
route('/account/verify', verifyPage);
route('/account/forgot-password', forgotPasswordPage);
route('/account/reset-password', resetPasswordPage);
fallback((main) => replace(main, heading(t('error.notFound')), link('/', t('nav.search'))));

function header(): void {
  const top = document.getElementById('top')!;
  const skip = document.querySelector('.skip-link');
  if (skip) skip.textContent = t('nav.skip');
  const user = currentUser();
  const languages = h('select', { id: 'language', 'aria-label': t('nav.language') },
    h('option', { value: 'en', selected: language() === 'en', lang: 'en' }, 'English'),
    h('option', { value: 'es', selected: language() === 'es', lang: 'es' }, 'Español'));
  languages.addEventListener('change', () => {
    setLanguage(languages.value as Language);
    header();
    showVerifyBanner();
    void render();
  });
  const account = user
    ? h('button', { type: 'button', class: 'link-button' }, t('nav.signout'))
    : link(`/signin?next=${encodeURIComponent(location.pathname + location.search)}`, t('nav.signin'));
  if (user) account.addEventListener('click', () => void signOut().then(() => navigate('/')));
  replace(top,
    link('/', t('app.name'), { class: 'brand' }),
    h('nav', { 'aria-label': t('app.name') },
      h('ul', {},
        h('li', {}, link('/', t('nav.search'))),
        h('li', {}, link('/basket', t('nav.basket'))),
        h('li', {}, link('/account/orders', t('nav.orders'))),
        h('li', {}, link('/account/tickets', t('nav.tickets'))),
        user ? h('li', {}, link('/account', t('nav.account'))) : null,
        user ? h('li', { class: 'who' }, t('nav.signedInAs', { name: user.name || user.email || user.sub })) : null,
        h('li', {}, account))),
    languages);
}

async function start(): Promise<void> {
  document.documentElement.lang = language();
  interceptLinks();
  onSessionChange(() => {
    header();
    showVerifyBanner();
  });
  header();
  try {
    await loadSession();
  } catch {
    // The server is away: pages say so when they load.
  }
  header();
  showVerifyBanner();
  void render();
}

window.addEventListener('unhandledrejection', (event) => {
  const main = document.getElementById('main');
  main?.prepend(notice('error', t('error.generic', { detail: String(event.reason?.message ?? event.reason) })));
});

void start();
