// SPDX-License-Identifier: GPL-3.0-or-later
// Sign in or create an account, as a panel inside any page (the basket stays: it is in
// sessionStorage and the page does not change) or as the /signin page.
import { ApiError } from '../api';
import { h, link, replace } from '../dom';
import { t } from '../i18n';
import { navigate } from '../router';
import { signIn, signUp } from '../session';
import { errorText, heading, notice } from './common';

let counter = 0;

export function signInPanel(onDone: () => void, startWithSignUp = false): HTMLElement {
  const panel = h('section', { class: 'auth-panel', 'aria-labelledby': `auth-title-${++counter}` });
  let signUpMode = startWithSignUp;
  const render = () => {
    const id = `auth-${counter}`;
    const title = h('h2', { id: `auth-title-${counter}` }, signUpMode ? t('auth.signupTitle') : t('auth.signinTitle'));
    const email = h('input', { id: `${id}-email`, type: 'email', name: 'email', autocomplete: 'email', required: true });
    const password = h('input', {
      id: `${id}-password`,
      type: 'password',
      name: 'password',
      autocomplete: signUpMode ? 'new-password' : 'current-password',
      required: true,
      minlength: signUpMode ? 10 : undefined,
      'aria-describedby': signUpMode ? `${id}-hint` : undefined,
    });
    const name = h('input', { id: `${id}-name`, type: 'text', name: 'name', autocomplete: 'name', required: true });
    const message = h('div', { class: 'form-message' });
    const submit = h('button', { type: 'submit', class: 'button primary' }, signUpMode ? t('auth.signup') : t('auth.signin'));
    const toggle = h('button', { type: 'button', class: 'link-button' }, signUpMode ? t('auth.toSignin') : t('auth.toSignup'));
    const form = h(
      'form',
      { class: 'auth-form', novalidate: false },
      signUpMode ? h('label', { for: name.id }, t('auth.name')) : null,
      signUpMode ? name : null,
      h('label', { for: email.id }, t('auth.email')),
      email,
      h('label', { for: password.id }, t('auth.password')),
      password,
      signUpMode ? h('p', { id: `${id}-hint`, class: 'hint' }, t('auth.passwordHint')) : null,
      message,
      submit,
    );
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      submit.disabled = true;
      message.replaceChildren();
      try {
        if (signUpMode) await signUp(email.value.trim(), password.value, name.value.trim());
        else await signIn(email.value.trim(), password.value);
        onDone();
      } catch (error) {
        message.append(notice('error', authError(error)));
        submit.disabled = false;
        (signUpMode && error instanceof ApiError && error.code === 'weak_password' ? password : email).focus();
      }
    });
    toggle.addEventListener('click', () => {
      signUpMode = !signUpMode;
      render();
      panel.querySelector('input')?.focus();
    });
    const forgot = signUpMode ? null : link('/account/forgot-password', t('account.forgot'), { class: 'forgot-link' });
    replace(panel, title, form, forgot, toggle);
  };
  render();
  return panel;
}

function authError(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 'unauthenticated') return t('auth.wrong');
    if (error.code === 'email_taken') return t('auth.emailTaken');
    if (error.code === 'weak_password') return t('auth.weakPassword');
  }
  return errorText(error);
}

export function signInPage(main: HTMLElement, _params: Record<string, string>, query: URLSearchParams) {
  const next = query.get('next');
  const target = next && next.startsWith('/') && !next.startsWith('//') ? next : '/account/orders';
  replace(main, heading(t('auth.signinTitle')), signInPanel(() => navigate(target, true), query.get('mode') === 'signup'));
}
