// SPDX-License-Identifier: GPL-3.0-or-later
#include "pagetext.h"

#include <QList>

namespace boxoffice::sandbox {

namespace {

struct Entry
{
    const char *en;
    const char *es;
};

// In Key order.
constexpr Entry kTexts[] = {
    {"Pay", "Pagar"},
    {"Card payment", "Pago con tarjeta"},
    {"This is the payment sandbox: no real money moves. Pay with one of the test cards below.",
     "Esto es el entorno de pruebas de pagos: no se mueve dinero real. Paga con una de las "
     "tarjetas de prueba de abajo."},
    {"Amount", "Importe"},
    {"Order", "Pedido"},
    {"Card number", "Número de tarjeta"},
    {"Expiry date (MM/YY)", "Caducidad (MM/AA)"},
    {"Security code (CVC)", "Código de seguridad (CVC)"},
    {"Pay %1", "Pagar %1"},
    {"Cancel and go back", "Cancelar y volver"},
    {"Test cards", "Tarjetas de prueba"},
    {"the payment succeeds", "el pago se acepta"},
    {"the card is declined", "la tarjeta se rechaza"},
    {"succeeds after a few seconds", "se acepta tras unos segundos"},
    {"the card network answers late; the payment still succeeds",
     "la red de tarjetas responde tarde; el pago se acepta igualmente"},
    {"That card number is not valid. Check the digits and try again.",
     "Ese número de tarjeta no es válido. Revisa los dígitos y vuelve a intentarlo."},
    {"Payment declined", "Pago rechazado"},
    {"Your card was declined and no money was taken. Go back to the shop to try another card "
     "while your seats are still held.",
     "Tu tarjeta ha sido rechazada y no se ha cobrado nada. Vuelve a la tienda para probar otra "
     "tarjeta mientras tus asientos siguen reservados."},
    {"Back to the shop", "Volver a la tienda"},
    {"Payment not found", "Pago no encontrado"},
    {"This payment link is not valid. Go back to the shop and start the payment again.",
     "Este enlace de pago no es válido. Vuelve a la tienda y empieza el pago de nuevo."},
    {"Payment complete", "Pago completado"},
    {"This payment has been made.", "Este pago ya se ha realizado."},
    {"Payment in progress", "Pago en curso"},
    {"The card network is confirming this payment.",
     "La red de tarjetas está confirmando este pago."},
    {"The return address in this link does not belong to this payment.",
     "La dirección de vuelta de este enlace no corresponde a este pago."},
    {"Español", "English"},
};
static_assert(std::size(kTexts) == size_t(PageText::Key::OtherLanguage) + 1);

} // namespace

QString PageText::language(const QString &explicitChoice, const QByteArray &acceptLanguage)
{
    if (explicitChoice == u"en" || explicitChoice == u"es")
        return explicitChoice;
    // The supported language with the highest q; the first one listed wins a tie.
    QString best = QStringLiteral("en");
    double bestQ = 0.0;
    for (const QByteArray &item : acceptLanguage.split(',')) {
        const QList<QByteArray> parts = item.split(';');
        const QString tag = QString::fromLatin1(parts.first().trimmed()).toLower();
        const QString primary = tag.section(u'-', 0, 0);
        if (primary != u"en" && primary != u"es")
            continue;
        double q = 1.0;
        for (qsizetype i = 1; i < parts.size(); ++i) {
            const QByteArray parameter = parts.at(i).trimmed();
            if (parameter.startsWith("q="))
                q = parameter.mid(2).toDouble();
        }
        if (q > bestQ) {
            best = primary;
            bestQ = q;
        }
    }
    return best;
}

QString PageText::text(const QString &language, Key key)
{
    const Entry &entry = kTexts[size_t(key)];
    return QString::fromUtf8(language == u"es" ? entry.es : entry.en);
}

} // namespace boxoffice::sandbox
