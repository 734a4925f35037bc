// SPDX-License-Identifier: GPL-3.0-or-later
// Textos en español de los precios de la cesta: tipos de entrada, código promocional y resumen (en es.ts).
import type { pricingEn } from './pricing.en';

export const pricingEs: Record<keyof typeof pricingEn, string> = {
  'pricing.typeFor': 'Tipo de entrada para {seat}',
  'pricing.standard': 'General',
  'pricing.option': '{name} – {price}',
  'pricing.typeUnavailable': 'Ese tipo de entrada no está disponible para este asiento.',
  'pricing.typeLimit': 'Como máximo {limit} entradas {name} por pedido.',
  'pricing.typeLimitAny': 'Demasiadas entradas de ese tipo para un pedido.',
  'pricing.code': 'Código promocional',
  'pricing.apply': 'Aplicar',
  'pricing.remove': 'Quitar el código',
  'pricing.applied': 'Código {code} aplicado.',
  'pricing.removed': 'Se ha quitado el código.',
  'pricing.codeEmpty': 'Escribe primero un código.',
  'pricing.codeUnknown': 'No conocemos ese código.',
  'pricing.codeExpired': 'Ese código ha caducado.',
  'pricing.codeUsedUp': 'Ese código ya se ha agotado.',
  'pricing.codeUsedByYou': 'Ya has usado ese código todas las veces que permite.',
  'pricing.codeNotApplicable': 'Ese código no es válido para estas entradas.',
  'pricing.codeFailed': 'No se ha podido comprobar el código. Inténtalo de nuevo.',
  'pricing.codeStays': 'Este código abrió tus asientos, así que se queda con ellos.',
  'pricing.summary': 'Precio',
  'pricing.discount': 'Código promocional {code}',
  'pricing.fees': 'Gastos de gestión',
  'pricing.inclTax': '{name} incluido: {amount}',
  'pricing.tax': 'impuestos',
  'pricing.totalNow': 'Total ahora: {amount}',
};
