// SPDX-License-Identifier: GPL-3.0-or-later
// The reminder under the header while a signed-in fan's address is unconfirmed (they can buy
// meanwhile), with "send the link again". Right after sign-up it is the "check your mail" notice.
import { resendVerification } from '../account';
import { h, replace } from '../dom';
import { t } from '../i18n';
import { currentUser } from '../session';
import { errorText } from './common';

const bannerId = 'verify-banner';

export function showVerifyBanner(): void {
  const user = currentUser();
  let banner = document.getElementById(bannerId);
  if (!user || user.email_verified !== false) {
    banner?.remove();
    return;
  }
  if (!banner) {
    banner = h('div', { id: bannerId, class: 'notice notice-warning verify-banner', role: 'status' });
    document.getElementById('main')?.before(banner);
  }
  const again = h('button', { type: 'button', class: 'link-button' }, t('account.sendAgain'));
  const text = h('span', {}, t('account.verifyBanner', { email: user.email ?? '' }));
  again.addEventListener('click', async () => {
    again.disabled = true;
    try {
      const queued = await resendVerification();
      replace(text, queued ? t('account.sentAgain', { email: user.email ?? '' }) : t('account.sentRecently'));
      again.remove();
    } catch (error) {
      again.disabled = false;
      replace(text, errorText(error));
    }
  });
  replace(banner, text, ' ', again);
}
