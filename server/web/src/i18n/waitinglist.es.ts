// SPDX-License-Identifier: GPL-3.0-or-later
// Textos en español de la lista de espera (se incluyen en es.ts).
import type { waitingListEn } from './waitinglist.en';

export const waitingListEs: Record<keyof typeof waitingListEn, string> = {
  'waiting.title': 'Lista de espera',
  'waiting.intro': '¿Agotado? Apúntate a la lista de espera: si quedan entradas libres, te las reservamos por orden de lista y te avisamos por correo.',
  'waiting.signIn': 'Inicia sesión para apuntarte a la lista de espera.',
  'waiting.quantity': 'Cuántas localidades',
  'waiting.categories': 'Qué categorías (ninguna marcada: cualquiera)',
  'waiting.join': 'Apuntarme a la lista de espera',
  'waiting.joined': 'Estás en la lista de espera.',
  'waiting.position': 'Eres el número {position} de la lista de espera para {count} localidad(es).',
  'waiting.leave': 'Salir de la lista de espera',
  'waiting.left': 'Has salido de la lista de espera.',
  'waiting.offerReady': 'Tienes entradas reservadas: mira tu oferta.',
  'waiting.seeOffer': 'Ver la oferta',
  'waiting.offerTitle': 'Entradas reservadas para ti',
  'waiting.offerIntro': 'Han quedado libres localidades para {event} y están reservadas a tu nombre.',
  'waiting.offerUntil': 'Puedes comprarlas durante {time}. Después pasan a la siguiente persona de la lista.',
  'waiting.seats': 'Localidades ofrecidas',
  'waiting.buy': 'Comprar estas entradas',
  'waiting.decline': 'No las quiero',
  'waiting.declined': 'Gracias: las entradas han pasado a la siguiente persona de la lista.',
  'waiting.noPlace': 'No estás en la lista de espera de este evento.',
  'waiting.bought': 'Has comprado las entradas de esta oferta.',
  'waiting.lapsed': 'Esta oferta ha caducado y las entradas han pasado a la siguiente persona de la lista.',
  'waiting.error.waiting_list_off': 'Este evento no tiene lista de espera.',
  'waiting.error.not_sold_out': 'Hay entradas a la venta de lo que pides: puedes comprarlas ya.',
  'waiting.error.already_waiting': 'Ya estás en esta lista de espera.',
  'waiting.error.quantity': 'Elige entre 1 y {max} localidades.',
};
