// SPDX-License-Identifier: GPL-3.0-or-later
// "Forgot password?" (/account/forgot-password) and the reset link's page
// (/account/reset-password#token=...): a new password, twice.
import { ApiError } from '../api';
import { confirmPasswordReset, requestPasswordReset, takeLinkToken } from '../account';
import { h, link, replace } from '../dom';
import { t } from '../i18n';
import { errorText, heading, notice } from './common';
import { isLinkRefusal, linkErrorText } from './linkerrors';

export function forgotPasswordPage(main: HTMLElement): void {
  const email = h('input', { id: 'forgot-email', type: 'email', name: 'email', autocomplete: 'email', required: true });
  const message = h('div', { class: 'form-message' });
  const submit = h('button', { type: 'submit', class: 'button primary' }, t('account.forgotSubmit'));
  const form = h('form', { class: 'auth-form' },
    h('label', { for: email.id }, t('auth.email')), email, message, submit);
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    submit.disabled = true;
    message.replaceChildren();
    try {
      await requestPasswordReset(email.value.trim());
      // The same words whether or not the address has an account: the server does not say.
      replace(form, notice('success', t('account.forgotSent', { email: email.value.trim() })));
    } catch (error) {
      message.append(notice('error', errorText(error)));
      submit.disabled = false;
      email.focus();
    }
  });
  replace(main, heading(t('account.forgotTitle')),
    h('section', { class: 'auth-panel' }, h('p', {}, t('account.forgotIntro')), form));
}

export function resetPasswordPage(main: HTMLElement): void {
  const token = takeLinkToken();
  const password = h('input', {
    id: 'reset-password', type: 'password', name: 'password', autocomplete: 'new-password', required: true,
    minlength: 10, 'aria-describedby': 'reset-hint',
  });
  const repeat = h('input', { id: 'reset-repeat', type: 'password', name: 'repeat', autocomplete: 'new-password', required: true });
  const message = h('div', { class: 'form-message' });
  const submit = h('button', { type: 'submit', class: 'button primary' }, t('account.resetSubmit'));
  const form = h('form', { class: 'auth-form' },
    h('label', { for: password.id }, t('account.newPassword')), password,
    h('p', { id: 'reset-hint', class: 'hint' }, t('auth.passwordHint')),
    h('label', { for: repeat.id }, t('account.repeatPassword')), repeat,
    message, submit);
  const panel = h('section', { class: 'auth-panel' }, form);
  if (!token) {
    // Opened again after use (the token leaves the address bar once read) or cut short.
    replace(main, heading(t('account.resetTitle')), notice('error', t('account.linkInvalid')),
      link('/account/forgot-password', t('account.askAgain')));
    return;
  }
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    message.replaceChildren();
    if (password.value !== repeat.value) {
      message.append(notice('error', t('account.mismatch')));
      repeat.focus();
      return;
    }
    submit.disabled = true;
    try {
      await confirmPasswordReset(token, password.value);
      replace(panel, notice('success', t('account.resetDone')), link('/account/orders', t('account.toOrders')));
    } catch (error) {
      submit.disabled = false;
      if (error instanceof ApiError && error.code === 'weak_password') {
        message.append(notice('error', t('auth.weakPassword')));
        password.focus();
      } else if (isLinkRefusal(error)) {
        replace(panel, notice('error', linkErrorText(error)), link('/account/forgot-password', t('account.askAgain')));
      } else {
        message.append(notice('error', errorText(error)));
      }
    }
  });
  replace(main, heading(t('account.resetTitle')), panel);
}
