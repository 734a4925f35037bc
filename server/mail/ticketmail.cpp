// SPDX-License-Identifier: GPL-3.0-or-later
#include "ticketmail.h"

#include <QLocale>
#include <QTimeZone>

namespace boxoffice::server::mail {

namespace {

// The two languages the box office speaks; a message per key.
struct Strings
{
    const char *language;
    const char *subject; // %1 event
    const char *greeting;
    const char *intro; // %1 event
    const char *when;
    const char *where;
    const char *tickets;
    const char *order;
    const char *attached;
    const char *place; // %1 section %2 row %3 number
    const char *fileName;
    const char *rescheduledSubject; // %1 event
    const char *rescheduledIntro;   // %1 event
    const char *cancelledSubject;   // %1 event
    const char *cancelledIntro;     // %1 event
};

constexpr Strings kEnglish{"en",
                           "Your tickets for %1",
                           "Hello,",
                           "thank you for your order. Your tickets for %1 are attached to "
                           "this message as a PDF: show the QR codes at the door.",
                           "When",
                           "Where",
                           "Tickets",
                           "Your order",
                           "Each QR code lets one person in, once.",
                           "Section %1, row %2, seat %3",
                           "tickets.pdf",
                           "New date for %1",
                           "%1 has a new date, below. Your tickets stay valid for it: they are "
                           "attached again, and the QR codes are the same.",
                           "Cancelled: %1",
                           "we are sorry: %1 has been cancelled and your tickets are no longer "
                           "valid. If you paid online, the money goes back to the card you paid "
                           "with in the next few days; if you bought at the box office, bring "
                           "your order there to be paid back."};
constexpr Strings kSpanish{"es",
                           "Tus entradas para %1",
                           "Hola:",
                           "gracias por tu compra. Tus entradas para %1 van adjuntas a este "
                           "mensaje en PDF: muestra los códigos QR en la puerta.",
                           "Cuándo",
                           "Dónde",
                           "Entradas",
                           "Tu pedido",
                           "Cada código QR permite entrar a una persona, una sola vez.",
                           "Sección %1, fila %2, asiento %3",
                           "entradas.pdf",
                           "Nueva fecha para %1",
                           "%1 tiene una nueva fecha, abajo. Tus entradas siguen siendo válidas: "
                           "van adjuntas de nuevo, con los mismos códigos QR.",
                           "Cancelado: %1",
                           "lo sentimos: %1 se ha cancelado y tus entradas ya no son válidas. Si "
                           "pagaste en línea, el dinero vuelve a tu tarjeta en los próximos días; "
                           "si compraste en taquilla, acude con tu pedido para que te lo "
                           "devuelvan."};

const Strings &stringsFor(const QString &locale)
{
    return locale.section(u'-', 0, 0).section(u'_', 0, 0).toLower() == u"es" ? kSpanish : kEnglish;
}

QString tr(const char *text)
{
    return QString::fromUtf8(text);
}

QString localTime(const OrderMailFacts &facts, const QLocale &locale)
{
    const QTimeZone zone = facts.timeZone.isEmpty() ? QTimeZone::utc()
                                                    : QTimeZone(facts.timeZone.toUtf8());
    const QDateTime local = facts.startsAt.toTimeZone(zone.isValid() ? zone : QTimeZone::utc());
    return locale.toString(local, u"dddd d MMMM yyyy, HH:mm") + u" ("
           + (zone.isValid() && !facts.timeZone.isEmpty() ? facts.timeZone : u"UTC"_qs) + u')';
}

} // namespace

QString placeLine(const QString &locale,
                  const QString &section,
                  const QString &row,
                  const QString &number,
                  const QString &gaName)
{
    if (!gaName.isEmpty())
        return gaName;
    return tr(stringsFor(locale).place).arg(section, row, number);
}

TicketMailText composeTicketMail(const OrderMailFacts &facts)
{
    const Strings &s = stringsFor(facts.locale);
    const QLocale locale(QString::fromLatin1(s.language));
    const QString when = localTime(facts, locale);
    const QString where = facts.city.isEmpty() ? facts.venueName
                                               : facts.venueName + u", " + facts.city;
    const bool cancelled = facts.notice == u"cancelled";
    const bool rescheduled = facts.notice == u"rescheduled";
    TicketMailText out;
    out.language = QString::fromLatin1(s.language);
    out.subject = tr(cancelled     ? s.cancelledSubject
                     : rescheduled ? s.rescheduledSubject
                                   : s.subject)
                      .arg(facts.eventTitle);
    if (!cancelled)
        out.attachmentName = QString::fromLatin1(s.fileName);
    const QString intro = tr(cancelled     ? s.cancelledIntro
                             : rescheduled ? s.rescheduledIntro
                                           : s.intro)
                              .arg(facts.eventTitle);

    QString text = tr(s.greeting) + u"\n\n" + intro + u"\n\n";
    text += tr(s.when) + u": " + when + u'\n';
    text += tr(s.where) + u": " + where + u"\n\n";
    if (!facts.places.isEmpty()) {
        text += tr(s.tickets) + u":\n";
        for (const QString &place : facts.places)
            text += u"  - " + place + u'\n';
        text += u'\n';
    }
    text += tr(s.order) + u": " + facts.orderLink + u"\n";
    if (!cancelled)
        text += u'\n' + tr(s.attached) + u'\n';
    out.text = text;

    auto esc = [](const QString &t) { return t.toHtmlEscaped(); };
    QString html = u"<!DOCTYPE html><html lang=\""_qs + out.language
                   + u"\"><head><meta charset=\"utf-8\"><title>" + esc(out.subject)
                   + u"</title></head><body style=\"font-family:sans-serif\">";
    html += u"<p>" + esc(tr(s.greeting)) + u"</p><p>" + esc(intro) + u"</p>";
    html += u"<h1>" + esc(facts.eventTitle) + u"</h1><table>";
    html += u"<tr><th align=\"left\">" + esc(tr(s.when)) + u"</th><td>" + esc(when) + u"</td></tr>";
    html += u"<tr><th align=\"left\">" + esc(tr(s.where)) + u"</th><td>" + esc(where)
            + u"</td></tr></table>";
    if (!facts.places.isEmpty()) {
        html += u"<h2>" + esc(tr(s.tickets)) + u"</h2><ul>";
        for (const QString &place : facts.places)
            html += u"<li>" + esc(place) + u"</li>";
        html += u"</ul>";
    }
    html += u"<p><a href=\"" + esc(facts.orderLink) + u"\">" + esc(tr(s.order)) + u"</a></p>";
    if (!cancelled)
        html += u"<p>" + esc(tr(s.attached)) + u"</p>";
    html += u"</body></html>";
    out.html = html;
    return out;
}

} // namespace boxoffice::server::mail
