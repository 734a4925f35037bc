// SPDX-License-Identifier: GPL-3.0-or-later
// Why a transfer was refused, in the fan's words.
import { ApiError } from '../api';
import { t, type MessageKey } from '../i18n';
import { errorText } from './common';
import { linkErrorText } from './linkerrors';

const texts: Record<string, MessageKey> = {
  ticket_used: 'transfer.used',
  transfers_off: 'transfer.off',
  transfer_too_late: 'transfer.late',
  transfer_to_self: 'transfer.self',
  not_ticket_holder: 'transfer.notYours',
  order_not_paid: 'transfer.notPaid',
  ticket_void: 'transfer.notPaid',
  invalid_field: 'transfer.badEmail',
  transfer_wrong_recipient: 'transfer.wrongRecipientShort',
  transfer_withdrawn: 'transfer.noLongerValid',
};

export function transferErrorText(error: unknown): string {
  if (error instanceof ApiError && error.code in texts) return t(texts[error.code]);
  if (error instanceof ApiError && error.code.startsWith('link_')) return linkErrorText(error);
  return errorText(error);
}
