// SPDX-License-Identifier: GPL-3.0-or-later
// Textos en español de la verificación del correo y del cambio de contraseña (en es.ts).
import type { accountEn } from './account.en';

export const accountEs: Record<keyof typeof accountEn, string> = {
  'account.verifyTitle': 'Confirma tu dirección de correo',
  'account.verifying': 'Confirmando tu dirección…',
  'account.verified': 'Gracias: tu dirección de correo está confirmada.',
  'account.verifyBanner': 'Confirma tu dirección de correo: hemos enviado un enlace a {email}. Revisa tu correo (y la carpeta de spam).',
  'account.sendAgain': 'Enviar el enlace de nuevo',
  'account.sentAgain': 'Va de camino un enlace nuevo a {email}. Los anteriores ya no funcionan.',
  'account.sentRecently': 'Te hemos enviado un enlace hace un momento. Revisa tu correo.',
  'account.forgot': '¿Has olvidado tu contraseña?',
  'account.forgotTitle': 'Restablece tu contraseña',
  'account.forgotIntro': 'Escribe la dirección de correo de tu cuenta y te enviaremos un enlace para elegir una contraseña nueva.',
  'account.forgotSubmit': 'Enviarme un enlace',
  'account.forgotSent': 'Si hay una cuenta con la dirección {email}, va de camino un enlace para restablecer su contraseña. Funciona una vez, durante una hora.',
  'account.resetTitle': 'Elige una contraseña nueva',
  'account.newPassword': 'Contraseña nueva',
  'account.repeatPassword': 'Repite la contraseña nueva',
  'account.resetSubmit': 'Guardar la contraseña nueva',
  'account.mismatch': 'Las dos contraseñas no coinciden.',
  'account.resetDone': 'Tu contraseña ha cambiado y ya has entrado. Se ha cerrado la sesión en los demás dispositivos.',
  'account.toOrders': 'Ir a mis pedidos',
  'account.linkUsed': 'Este enlace ya se ha usado. Cada enlace funciona una sola vez.',
  'account.linkExpired': 'Este enlace ha caducado, o lo ha sustituido uno más reciente.',
  'account.linkInvalid': 'Este enlace no es válido. Copia el enlace completo del correo.',
  'account.askAgain': 'Pedir un enlace nuevo',
  'account.signInToResend': 'Entra para recibir un enlace de confirmación nuevo.',
};
