// SPDX-License-Identifier: GPL-3.0-or-later
// Textos en español de la factura de un pedido (en es.ts).
import type { invoiceEn } from './invoice.en';

export const invoiceEs: Record<keyof typeof invoiceEn, string> = {
  'invoice.title': 'Factura',
  'invoice.intro': '¿Necesita una factura a nombre de una empresa? Sus datos aparecerán en la factura tal como los escriba.',
  'invoice.company': 'Nombre de la empresa',
  'invoice.address': 'Dirección de la empresa',
  'invoice.vat': 'NIF (opcional)',
  'invoice.ask': 'Pedir factura',
  'invoice.loading': 'Buscando su factura…',
  'invoice.afterPayment': 'Su factura estará aquí en cuanto se confirme el pago.',
  'invoice.ready': 'Su factura está lista.',
  'invoice.to': 'Facturado a: {company}',
  'invoice.download': 'Descargar la factura {number} (PDF)',
  'invoice.cancellation': 'Factura rectificativa {number} de {cancels} (PDF)',
  'invoice.fillIn': 'Escriba el nombre y la dirección de la empresa.',
  'invoice.notNow': 'Este pedido no puede tener factura ahora (ya tiene una o no se pagó).',
};
