// SPDX-License-Identifier: GPL-3.0-or-later
// English texts of an order's invoice (in en.ts).
export const invoiceEn = {
  'invoice.title': 'Invoice',
  'invoice.intro': 'Need an invoice for a company? Its details go on the invoice as you type them.',
  'invoice.company': 'Company name',
  'invoice.address': 'Company address',
  'invoice.vat': 'VAT number (optional)',
  'invoice.ask': 'Ask for an invoice',
  'invoice.loading': 'Looking for your invoice…',
  'invoice.afterPayment': 'Your invoice will be ready here once the payment is confirmed.',
  'invoice.ready': 'Your invoice is ready.',
  'invoice.to': 'Invoiced to: {company}',
  'invoice.download': 'Download invoice {number} (PDF)',
  'invoice.cancellation': 'Cancellation invoice {number} for {cancels} (PDF)',
  'invoice.fillIn': "Please fill in the company's name and address.",
  'invoice.notNow': 'This order cannot get an invoice now (it already has one, or it was not paid).',
};
