// SPDX-License-Identifier: GPL-3.0-or-later
// The shop's message catalogue: English and Spanish. The language is the fan's choice (kept in
// localStorage: the language only) or else the browser's (its Accept-Language list).
import { en, type MessageKey } from './en';
import { es } from './es';

export type Language = 'en' | 'es';
const catalogues: Record<Language, Record<MessageKey, string>> = { en, es };
const storageKey = 'boxoffice.lang';

function initialLanguage(): Language {
  try {
    const chosen = localStorage.getItem(storageKey);
    if (chosen === 'en' || chosen === 'es') return chosen;
  } catch {
    // Storage may be disabled: fall back to the browser's languages.
  }
  for (const tag of navigator.languages ?? [navigator.language]) {
    const base = tag.toLowerCase().split('-')[0];
    if (base === 'es' || base === 'en') return base;
  }
  return 'en';
}

let current: Language = initialLanguage();

export function language(): Language {
  return current;
}

/** The BCP 47 tag for Intl formatting. */
export function locale(): string {
  return current === 'es' ? 'es-ES' : 'en-GB';
}

export function setLanguage(next: Language): void {
  current = next;
  try {
    localStorage.setItem(storageKey, next);
  } catch {
    // Not kept across visits then; the page still switches.
  }
  document.documentElement.lang = next;
}

export function t(key: MessageKey, params: Record<string, string | number> = {}): string {
  const text = catalogues[current][key] ?? en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (match, name: string) =>
    name in params ? String(params[name]) : match,
  );
}

/** A translated text for a key built at run time (category names); `fallback` if unknown. */
export function tMaybe(key: string, fallback: string): string {
  return key in en ? t(key as MessageKey) : fallback;
}

export type { MessageKey };
