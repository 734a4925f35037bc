// SPDX-License-Identifier: GPL-3.0-or-later
// /account/verify#token=...: the link of the verification mail.
import { resendVerification, takeLinkToken, verifyEmail } from '../account';
import { h, link, replace } from '../dom';
import { t } from '../i18n';
import { currentUser } from '../session';
import { heading, notice } from './common';
import { isLinkRefusal, linkErrorText } from './linkerrors';
import { showVerifyBanner } from './verifybanner';

export async function verifyPage(main: HTMLElement): Promise<void> {
  const token = takeLinkToken();
  const status = h('div', {}, notice('info', t('account.verifying')));
  replace(main, heading(t('account.verifyTitle')), status);
  try {
    await verifyEmail(token);
    showVerifyBanner();
    replace(status, notice('success', t('account.verified')), link('/', t('nav.search')));
  } catch (error) {
    replace(status, notice('error', linkErrorText(error)));
    if (!isLinkRefusal(error)) return;
    const user = currentUser();
    if (!user) {
      status.append(h('p', {}, t('account.signInToResend')),
        link(`/signin?next=${encodeURIComponent('/account/verify')}`, t('nav.signin')));
    } else if (user.email_verified === false) {
      const again = h('button', { type: 'button', class: 'button' }, t('account.sendAgain'));
      again.addEventListener('click', async () => {
        again.disabled = true;
        try {
          const queued = await resendVerification();
          again.replaceWith(notice('success', queued ? t('account.sentAgain', { email: user.email ?? '' }) : t('account.sentRecently')));
        } catch (failure) {
          again.disabled = false;
          status.append(notice('error', linkErrorText(failure)));
        }
      });
      status.append(again);
    } else {
      status.append(link('/', t('nav.search')));
    }
  }
}
