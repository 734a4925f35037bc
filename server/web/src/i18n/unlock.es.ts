// SPDX-License-Identifier: GPL-3.0-or-later
// Textos en español de los códigos de acceso que abren asientos reservados (en es.ts).
import type { unlockEn } from './unlock.en';

export const unlockEs: Record<keyof typeof unlockEn, string> = {
  'unlock.toggle': '¿Tienes un código de acceso?',
  'unlock.label': 'Código de acceso',
  'unlock.submit': 'Ver mis asientos',
  'unlock.opened': 'El código {code} abre {count} asientos: ya están en el mapa, listos para elegir.',
  'unlock.none': 'El código {code} es correcto, pero ahora mismo todos sus asientos están ocupados.',
  'unlock.signIn': 'Inicia sesión para usar un código de acceso.',
  'unlock.separate': 'Los asientos que abre un código se reservan aparte: elige solo esos o solo otros.',
};
