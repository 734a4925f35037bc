// SPDX-License-Identifier: GPL-3.0-or-later
// What a refused mailed link means, in the fan's words.
import { ApiError } from '../api';
import { t } from '../i18n';
import { errorText } from './common';

/** True for the codes of a link that cannot be used (the page then offers a new one). */
export function isLinkRefusal(error: unknown): boolean {
  return error instanceof ApiError && ['link_used', 'link_expired', 'link_invalid'].includes(error.code);
}

export function linkErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 'link_used') return t('account.linkUsed');
    if (error.code === 'link_expired') return t('account.linkExpired');
    if (error.code === 'link_invalid') return t('account.linkInvalid');
  }
  return errorText(error);
}
