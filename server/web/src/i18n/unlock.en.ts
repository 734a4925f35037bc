// SPDX-License-Identifier: GPL-3.0-or-later
// English texts of access codes that open held-back seats on the seat page (in en.ts).
export const unlockEn = {
  'unlock.toggle': 'Have an access code?',
  'unlock.label': 'Access code',
  'unlock.submit': 'Show my seats',
  'unlock.opened': 'Code {code} opens {count} seats: they are on the map now, ready to choose.',
  'unlock.none': 'Code {code} is right, but all its seats are taken just now.',
  'unlock.signIn': 'Sign in to use an access code.',
  'unlock.separate': 'Seats opened by a code are reserved on their own: choose only those, or only others.',
};
