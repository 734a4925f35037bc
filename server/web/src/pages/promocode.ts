// SPDX-License-Identifier: GPL-3.0-or-later
// The basket's promo code: a field with Apply (Enter applies too), or the applied code with
// Remove. The server checks the code (in any case) and answers the new quote; a refusal is said
// in the fan's words next to the field, through a live region so screen readers hear it too.
import { ApiError, del, put } from '../api';
import { h } from '../dom';
import { t } from '../i18n';
import type { Quote } from '../types';

export interface PromoHandlers {
  /** A request is on its way (true) or done (false): the price may change meanwhile. */
  busy(on: boolean): void;
  quoted(quote: Quote): void;
  /** The hold ended meanwhile (expired or released). */
  holdEnded(): void;
}

/** A code's field with its button and the message under it (a live region from the start:
 *  only its text changes, which is what screen readers announce). */
export function codeField(id: string, label: string, action: string) {
  const input = h('input', {
    id, name: 'code', type: 'text', autocomplete: 'off', spellcheck: 'false',
    autocapitalize: 'characters', maxlength: 40, 'aria-describedby': `${id}-message`,
  });
  const button = h('button', { type: 'submit', class: 'button' }, action);
  const form = h('form', { class: 'promo-form', novalidate: true },
    h('label', { for: id }, label),
    h('div', { class: 'promo-row' }, input, button));
  const message = h('p', { id: `${id}-message`, class: 'field-message', 'aria-live': 'polite' });
  const say = (text: string, error = false) => {
    message.textContent = text;
    message.classList.toggle('error', error);
    input.toggleAttribute('aria-invalid', error);
  };
  return { input, button, form, message, say };
}

export function promoCode(holdId: string, handlers: PromoHandlers) {
  const path = `/holds/${encodeURIComponent(holdId)}/voucher`;
  const { input, form, message, say } = codeField('promo-code', t('pricing.code'), t('pricing.apply'));
  const remove = h('button', { type: 'button', class: 'link-button' }, t('pricing.remove'));
  const appliedCode = h('span', {});
  const applied = h('div', { class: 'promo-applied', hidden: true }, appliedCode, remove);
  const element = h('div', { class: 'promo' }, form, applied, message);

  // The buttons stay enabled (disabling the focused one would drop the keyboard's focus).
  let running = false;
  const run = async (request: () => Promise<Quote>, done: (quote: Quote) => void) => {
    if (running) return;
    running = true;
    handlers.busy(true);
    try {
      const quote = await request();
      handlers.quoted(quote);
      done(quote);
    } catch (error) {
      if (error instanceof ApiError && (error.code === 'hold_expired' || error.code === 'not_found')) {
        handlers.holdEnded();
        return;
      }
      say(refusalText(error), true);
    } finally {
      running = false;
      handlers.busy(false);
    }
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const code = input.value.trim();
    if (!code) {
      say(t('pricing.codeEmpty'), true);
      input.focus();
      return;
    }
    void run(() => put<Quote>(path, { code }), (quote) => {
      input.value = '';
      say(t('pricing.applied', { code: quote.voucher ?? code }));
      remove.focus(); // Apply is gone: keep the keyboard where the code is
    });
  });
  remove.addEventListener('click', () => {
    void run(() => del<Quote>(path), () => {
      say(t('pricing.removed'));
      input.focus();
    });
  });

  return {
    element,
    /** Shows the field, or the code the quote carries with its Remove button. */
    show(quote: Quote) {
      const code = quote.voucher;
      form.hidden = Boolean(code);
      applied.hidden = !code;
      if (code) appliedCode.textContent = t('pricing.discount', { code });
    },
  };
}

/** Why the server refused the code, in words (never its path or its English detail). */
export function refusalText(error: unknown): string {
  if (!(error instanceof ApiError)) return t('pricing.codeFailed');
  switch (error.code) {
    case 'voucher_unknown':
    case 'invalid_field': // not even shaped like a code
    case 'bad_request':
      return t('pricing.codeUnknown');
    case 'voucher_expired':
      return t('pricing.codeExpired');
    case 'voucher_used_up':
      return error.problem.limit_name === 'max_per_fan' ? t('pricing.codeUsedByYou') : t('pricing.codeUsedUp');
    case 'voucher_not_applicable':
      return t('pricing.codeNotApplicable');
    case 'invalid_state': // the code opened the hold's seats
      return t('pricing.codeStays');
    case 'network':
    case 'timeout':
      return t('error.network');
    default:
      return t('pricing.codeFailed');
  }
}
