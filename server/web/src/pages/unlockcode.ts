// SPDX-License-Identifier: GPL-3.0-or-later
// An access code on the seat page: seats held back for an allocation (a fan club, a partner)
// open to whoever has its code. The server checks the code and answers the seats; the page then
// shows them as free to choose, and reserves them with the code (docs/pricing.md).
import { post } from '../api';
import { h } from '../dom';
import { t } from '../i18n';
import { currentUser } from '../session';
import { codeField, refusalText } from './promocode';

export interface UnlockedSeats {
  code: string;
  allocation: string;
  seats: string[];
}

export function unlockCode(eventId: string, opened: (unlocked: UnlockedSeats) => number) {
  const { input, form, message, say } = codeField('access-code', t('unlock.label'), t('unlock.submit'));
  const element = h('details', { class: 'access-code' }, h('summary', {}, t('unlock.toggle')), form, message);

  let running = false;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const code = input.value.trim();
    if (!code) {
      say(t('pricing.codeEmpty'), true);
      input.focus();
      return;
    }
    if (!currentUser()) {
      say(t('unlock.signIn'), true);
      return;
    }
    if (running) return;
    running = true;
    post<UnlockedSeats>(`/events/${encodeURIComponent(eventId)}/unlock`, { code })
      .then((unlocked) => {
        const count = opened(unlocked);
        say(count > 0 ? t('unlock.opened', { code: unlocked.code, count })
                      : t('unlock.none', { code: unlocked.code }), count === 0);
      })
      .catch((error: unknown) => say(refusalText(error), true))
      .finally(() => { running = false; });
  });

  return { element };
}
