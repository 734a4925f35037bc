// SPDX-License-Identifier: GPL-3.0-or-later
// /account: who is signed in, and "Your data": download it, or delete the account (the password
// asked again, what is kept and why said before).
import { ApiError } from '../api';
import { h, link, replace } from '../dom';
import { t } from '../i18n';
import { deleteMyAccount, downloadMyData } from '../personaldata';
import { currentUser, loadSession } from '../session';
import { errorText, heading, notice } from './common';
import { signInPanel } from './signin';

export async function accountPage(main: HTMLElement): Promise<void> {
  await loadSession().catch(() => null);
  const title = heading(t('data.title'));
  const user = currentUser();
  if (!user) {
    replace(main, title, notice('info', t('data.signin')), signInPanel(() => void accountPage(main)));
    return;
  }
  replace(main, title,
    h('p', {}, t('data.signedInAs', { name: user.name || user.sub, email: user.email || user.sub })),
    h('section', { class: 'data-section', 'aria-labelledby': 'data-heading' },
      h('h2', { id: 'data-heading' }, t('data.yourData')),
      downloadPart(), deletePart(main)));
}

function downloadPart(): HTMLElement {
  const message = h('div', { class: 'form-message' });
  const button = h('button', { type: 'button', class: 'button' }, t('data.download'));
  button.addEventListener('click', async () => {
    button.disabled = true;
    message.replaceChildren();
    try {
      const file = URL.createObjectURL(await downloadMyData());
      const save = h('a', { href: file, download: 'my-boxoffice-data.json' });
      document.body.append(save);
      save.click();
      save.remove();
      setTimeout(() => URL.revokeObjectURL(file), 10000);
      message.append(notice('success', t('data.downloaded')));
    } catch (error) {
      message.append(notice('error', errorText(error)));
    } finally {
      button.disabled = false;
    }
  });
  return h('div', { class: 'data-part' },
    h('h3', {}, t('data.downloadTitle')), h('p', {}, t('data.downloadIntro')), button, message);
}

function deletePart(main: HTMLElement): HTMLElement {
  const part = h('div', { class: 'data-part' });
  const start = h('button', { type: 'button', class: 'button danger' }, t('data.delete'));
  start.addEventListener('click', () => {
    replace(part, h('h3', {}, t('data.deleteTitle')), confirmForm(main, () => replace(part, ...intro())));
  });
  const intro = () => [h('h3', {}, t('data.deleteTitle')), h('p', {}, t('data.deleteIntro')), start];
  replace(part, ...intro());
  return part;
}

const refusals: Record<string, 'data.wrongPassword' | 'data.hasTickets' | 'data.busy'> = {
  wrong_password: 'data.wrongPassword',
  account_has_tickets: 'data.hasTickets',
  account_busy: 'data.busy',
};

function confirmForm(main: HTMLElement, cancel: () => void): HTMLElement {
  const password = h('input', {
    id: 'delete-password', type: 'password', name: 'password', autocomplete: 'current-password',
    required: true, 'aria-describedby': 'delete-kept',
  });
  const message = h('div', { class: 'form-message' });
  const submit = h('button', { type: 'submit', class: 'button danger' }, t('data.deleteConfirm'));
  const back = h('button', { type: 'button', class: 'button' }, t('data.keep'));
  back.addEventListener('click', cancel);
  const form = h('form', { class: 'auth-form' },
    h('div', { id: 'delete-kept' },
      h('p', {}, t('data.erased')), h('p', {}, t('data.kept')), h('p', {}, t('data.final'))),
    h('label', { for: password.id }, t('data.password')), password, message,
    h('div', { class: 'button-row' }, submit, back));
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    submit.disabled = true;
    message.replaceChildren();
    try {
      await deleteMyAccount(password.value);
      replace(main, heading(t('data.deletedTitle')), notice('success', t('data.deleted')),
        link('/', t('nav.search')));
    } catch (error) {
      submit.disabled = false;
      const key = error instanceof ApiError ? refusals[error.code] : undefined;
      message.append(notice('error', key ? t(key) : errorText(error)));
      if (key !== 'data.hasTickets') password.focus();
      if (key === 'data.hasTickets')
        message.append(link('/account/tickets', t('nav.tickets')));
    }
  });
  queueMicrotask(() => password.focus());
  return form;
}
