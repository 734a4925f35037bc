// SPDX-License-Identifier: GPL-3.0-or-later
#include "invoicemail.h"

namespace boxoffice::server::mail {

namespace {

struct Strings
{
    const char *language;
    const char *subject;             // %1 number, %2 event
    const char *cancellationSubject; // %1 number, %2 event
    const char *greeting;
    const char *intro;             // %1 number, %2 company, %3 event
    const char *cancellationIntro; // %1 number, %2 the invoice it cancels, %3 company, %4 event
    const char *keep;
    const char *order;
    const char *fileName; // %1 number
};

constexpr Strings kEnglish{
    "en",
    "Invoice %1: %2",
    "Cancellation invoice %1: %2",
    "Hello,",
    "your invoice %1, made out to %2, for your order for %3 is attached to this message as a PDF.",
    "the money of your order for %4 went back, in full or in part. The cancellation invoice %1 "
    "for invoice %2, made out to %3, is attached to this message as a PDF.",
    "Please keep it for your accounts; you can also download it from your order at any time.",
    "Your order",
    "invoice-%1.pdf"};
constexpr Strings kSpanish{
    "es",
    "Factura %1: %2",
    "Factura rectificativa %1: %2",
    "Hola:",
    "te enviamos adjunta en PDF la factura %1, a nombre de %2, de tu pedido para %3.",
    "se ha devuelto el dinero de tu pedido para %4, en todo o en parte. Te enviamos adjunta en "
    "PDF la factura rectificativa %1 de la factura %2, a nombre de %3.",
    "Guárdala para tu contabilidad; también puedes descargarla desde tu pedido cuando quieras.",
    "Tu pedido",
    "factura-%1.pdf"};

QString tr(const char *text)
{
    return QString::fromUtf8(text);
}

} // namespace

TicketMailText composeInvoiceMail(const OrderMailFacts &facts, const InvoiceDocument &invoice)
{
    const bool spanish = facts.locale.section(u'-', 0, 0).section(u'_', 0, 0).toLower() == u"es";
    const Strings &s = spanish ? kSpanish : kEnglish;
    const bool cancellation = !invoice.cancels.isEmpty();
    TicketMailText out;
    out.language = QString::fromLatin1(s.language);
    out.subject = tr(cancellation ? s.cancellationSubject : s.subject)
                      .arg(invoice.number, facts.eventTitle);
    out.attachmentName = tr(s.fileName).arg(invoice.number);
    const QString intro = cancellation
                              ? tr(s.cancellationIntro)
                                    .arg(invoice.number,
                                         invoice.cancels,
                                         invoice.company,
                                         facts.eventTitle)
                              : tr(s.intro).arg(invoice.number, invoice.company, facts.eventTitle);
    out.text = tr(s.greeting) + u"\n\n" + intro + u"\n\n" + tr(s.keep) + u"\n\n" + tr(s.order)
               + u": " + facts.orderLink + u'\n';
    auto esc = [](const QString &t) { return t.toHtmlEscaped(); };
    out.html = u"<!DOCTYPE html><html lang=\""_qs + out.language
               + u"\"><head><meta charset=\"utf-8\"><title>" + esc(out.subject)
               + u"</title></head><body style=\"font-family:sans-serif\"><p>" + esc(tr(s.greeting))
               + u"</p><p>" + esc(intro) + u"</p><p>" + esc(tr(s.keep)) + u"</p><p><a href=\""
               + esc(facts.orderLink) + u"\">" + esc(tr(s.order)) + u"</a></p></body></html>";
    return out;
}

} // namespace boxoffice::server::mail
