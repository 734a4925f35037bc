// SPDX-License-Identifier: GPL-3.0-or-later
#include "accountmail.h"

namespace boxoffice::server::mail {

namespace {

struct Strings
{
    const char *language;
    const char *greeting; // %1 name
    const char *verifySubject;
    const char *verifyIntro;
    const char *verifyAction;
    const char *resetSubject;
    const char *resetIntro;
    const char *resetAction;
    const char *validHours;   // %1 hours
    const char *validMinutes; // %1 minutes
    const char *notYou;
    const char *erasedSubject;
    const char *erasedIntro;
    const char *erasedKept;
    const char *erasedAgain;
};

constexpr Strings kEnglish{
    "en",
    "Hello %1,",
    "Confirm your e-mail address",
    "please confirm that this is your e-mail address by opening the link below.",
    "Confirm my address",
    "Reset your password",
    "someone (we hope you) asked to reset the password of your box office account. Open the "
    "link below to choose a new one; every other device signed in to your account is then "
    "signed out.",
    "Choose a new password",
    "The link works once, within %1 hours.",
    "The link works once, within %1 minutes.",
    "If you did not ask for this, ignore this message: nothing changes.",
    "Your box office account was deleted",
    "as you asked, your box office account was deleted: your name, this e-mail address, your "
    "password and your billing details are erased, and every device signed in to it is signed "
    "out.",
    "Your orders, payments, tickets and issued invoices are kept without your name, as the "
    "law requires of the organiser's accounts.",
    "You can sign up again with this address whenever you like. This is the last message we "
    "send to it."};
constexpr Strings kSpanish{
    "es",
    "Hola, %1:",
    "Confirma tu dirección de correo",
    "confirma que esta es tu dirección de correo abriendo el enlace de abajo.",
    "Confirmar mi dirección",
    "Restablece tu contraseña",
    "alguien (esperamos que tú) ha pedido restablecer la contraseña de tu cuenta de la "
    "taquilla. Abre el enlace de abajo para elegir una nueva; se cerrará la sesión en todos los "
    "demás dispositivos con tu cuenta.",
    "Elegir una contraseña nueva",
    "El enlace funciona una vez, durante %1 horas.",
    "El enlace funciona una vez, durante %1 minutos.",
    "Si no lo has pedido tú, ignora este mensaje: no cambia nada.",
    "Se ha eliminado tu cuenta de la taquilla",
    "como pediste, se ha eliminado tu cuenta de la taquilla: se han borrado tu nombre, esta "
    "dirección de correo, tu contraseña y tus datos de facturación, y se ha cerrado la sesión "
    "en todos los dispositivos.",
    "Tus pedidos, pagos, entradas y facturas emitidas se conservan sin tu nombre, como exige "
    "la ley a la contabilidad del organizador.",
    "Puedes volver a registrarte con esta dirección cuando quieras. Este es el último mensaje "
    "que le enviamos."};

QString tr(const char *text)
{
    return QString::fromUtf8(text);
}

// The erasure's confirmation: what went, what stays and why; no link to follow.
AccountMailText composeErasedMail(const Strings &s, bool spanish, const QString &name)
{
    const QString greeting = name.isEmpty()
                                 ? (spanish ? QStringLiteral("Hola:") : QStringLiteral("Hello,"))
                                 : tr(s.greeting).arg(name);
    const QString intro = tr(s.erasedIntro), kept = tr(s.erasedKept), again = tr(s.erasedAgain);
    AccountMailText out;
    out.language = QString::fromLatin1(s.language);
    out.subject = tr(s.erasedSubject);
    out.text = greeting + u"\n\n" + intro + u"\n\n" + kept + u"\n\n" + again + u"\n";
    out.html = QStringLiteral("<!DOCTYPE html><html lang=\"%1\"><body>"
                              "<p>%2</p><p>%3</p><p>%4</p><p>%5</p></body></html>")
                   .arg(out.language,
                        greeting.toHtmlEscaped(),
                        intro.toHtmlEscaped(),
                        kept.toHtmlEscaped(),
                        again.toHtmlEscaped());
    return out;
}

} // namespace

AccountMailText composeAccountMail(const AccountMailFacts &facts)
{
    const bool spanish = facts.locale.section(u'-', 0, 0).toLower() == u"es";
    const Strings &s = spanish ? kSpanish : kEnglish;
    if (facts.purpose == u"erased")
        return composeErasedMail(s, spanish, facts.name);
    const bool reset = facts.purpose == u"reset";
    const QString greeting = facts.name.isEmpty()
                                 ? (spanish ? QStringLiteral("Hola:") : QStringLiteral("Hello,"))
                                 : tr(s.greeting).arg(facts.name);
    const QString intro = tr(reset ? s.resetIntro : s.verifyIntro);
    const QString action = tr(reset ? s.resetAction : s.verifyAction);
    const QString validity = facts.validHours > 0
                                 ? tr(s.validHours).arg(facts.validHours)
                                 : tr(s.validMinutes).arg(qMax(1, facts.validMinutes));
    const QString notYou = tr(s.notYou);

    AccountMailText out;
    out.language = QString::fromLatin1(s.language);
    out.subject = tr(reset ? s.resetSubject : s.verifySubject);
    out.text = greeting + u"\n\n" + intro + u"\n\n" + facts.link + u"\n\n" + validity + u"\n"
               + notYou + u"\n";
    out.html = QStringLiteral("<!DOCTYPE html><html lang=\"%1\"><body>"
                              "<p>%2</p><p>%3</p><p><a href=\"%4\">%5</a></p><p>%6<br>%7</p>"
                              "</body></html>")
                   .arg(out.language,
                        greeting.toHtmlEscaped(),
                        intro.toHtmlEscaped(),
                        facts.link.toHtmlEscaped(),
                        action.toHtmlEscaped(),
                        validity.toHtmlEscaped(),
                        notYou.toHtmlEscaped());
    return out;
}

} // namespace boxoffice::server::mail
