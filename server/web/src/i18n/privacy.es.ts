// SPDX-License-Identifier: GPL-3.0-or-later
// Textos en español de «Tus datos»: la descarga y la eliminación de la cuenta.
import type { privacyEn } from './privacy.en';

export const privacyEs: Record<keyof typeof privacyEn, string> = {
  'nav.account': 'Mi cuenta',
  'data.title': 'Mi cuenta',
  'data.signin': 'Inicia sesión para ver tu cuenta.',
  'data.signedInAs': 'Has iniciado sesión como {name} ({email}).',
  'data.yourData': 'Tus datos',
  'data.downloadTitle': 'Descarga tus datos',
  'data.downloadIntro': 'Un archivo (JSON) con todo lo que guardamos sobre ti: tu cuenta, pedidos y pagos, entradas, transferencias y los correos que te enviamos.',
  'data.download': 'Descargar mis datos',
  'data.downloaded': 'Tus datos se están descargando como my-boxoffice-data.json.',
  'data.deleteTitle': 'Elimina tu cuenta',
  'data.deleteIntro': 'Al eliminar tu cuenta se borran tu nombre, tu dirección de correo, tu contraseña y tus datos de facturación, y se cierra tu sesión en todas partes. No se puede deshacer.',
  'data.delete': 'Eliminar mi cuenta…',
  'data.erased': 'Se borra: tu nombre, tu dirección de correo, tu contraseña, los datos de facturación de los pedidos sin factura y todas las sesiones en todos los dispositivos.',
  'data.kept': 'Se conserva, sin tu nombre: tus pedidos, pagos, entradas y facturas emitidas. La ley obliga al organizador a guardarlos en su contabilidad, y muestran qué asiento fue a qué pedido.',
  'data.final': 'Te enviamos un último correo para confirmarlo. Más adelante puedes volver a registrarte con la misma dirección, como una cuenta nueva.',
  'data.password': 'Tu contraseña, para confirmar',
  'data.deleteConfirm': 'Eliminar mi cuenta definitivamente',
  'data.keep': 'Conservar mi cuenta',
  'data.wrongPassword': 'Esa no es tu contraseña. Inténtalo de nuevo.',
  'data.hasTickets': 'Aún tienes entradas para espectáculos por venir. Transfiérelas o pide su reembolso antes, para que nadie pierda una entrada válida.',
  'data.busy': 'Hay una compra en curso. Termínala o vacía tu cesta y vuelve a intentarlo.',
  'data.deletedTitle': 'Tu cuenta se ha eliminado',
  'data.deleted': 'Tu cuenta se ha eliminado y se ha cerrado tu sesión. Va de camino una confirmación a tu antigua dirección.',
};
