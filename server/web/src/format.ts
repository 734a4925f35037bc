// SPDX-License-Identifier: GPL-3.0-or-later
// Money and dates for people: amounts in minor units, dates in the venue's time zone.
import { locale } from './i18n';

// Formatters by locale, currency and decimals: making one costs milliseconds, using one does not.
const moneyFormats = new Map<string, Intl.NumberFormat>();

export function money(cents: number, currency: string): string {
  const decimals = cents % 100 === 0 ? 0 : 2;
  const key = `${locale()} ${currency} ${decimals}`;
  try {
    let format = moneyFormats.get(key);
    if (!format) {
      format = new Intl.NumberFormat(locale(), { style: 'currency', currency, minimumFractionDigits: decimals });
      moneyFormats.set(key, format);
    }
    return format.format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency}`;
  }
}

/** The venue's zone when the event names a valid one, else the browser's. */
export function zoneOf(timeZone?: string): string | undefined {
  if (!timeZone) return undefined;
  try {
    new Intl.DateTimeFormat('en', { timeZone }).format(0);
    return timeZone;
  } catch {
    return undefined;
  }
}

export function dateTime(iso: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(locale(), {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: zoneOf(timeZone),
    timeZoneName: 'short',
  }).format(new Date(iso));
}

export function time(iso: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(locale(), {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: zoneOf(timeZone),
  }).format(new Date(iso));
}

/** "9:05" for a countdown of `seconds`. */
export function countdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const minutes = Math.floor(s / 60);
  return `${minutes}:${String(s % 60).padStart(2, '0')}`;
}
