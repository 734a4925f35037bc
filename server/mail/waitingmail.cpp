// SPDX-License-Identifier: GPL-3.0-or-later
#include "waitingmail.h"

#include "eventmailtop.h"

namespace boxoffice::server::mail {

namespace {

struct Strings
{
    const char *language;
    const char *subject; // %1 event
    const char *intro;   // %1 event, %2 count
    const char *until;   // %1 time
    const char *action;
    const char *decline;
    const char *when;
    const char *seats;
};

constexpr Strings kEnglish{
    "en",
    "Seats for %1 are held for you",
    "good news from the waiting list for %1: %2 seat(s) came back and are held in your name.",
    "They are yours to buy until %1. After that they go to the next person on the list.",
    "Buy the seats",
    "If you no longer want them, say so on the same page: they go to the next person at once.",
    "When",
    "Seats"};
constexpr Strings kSpanish{
    "es",
    "Tienes entradas reservadas para %1",
    "buenas noticias de la lista de espera de %1: han quedado libres %2 localidad(es) y están "
    "reservadas a tu nombre.",
    "Puedes comprarlas hasta las %1. Después pasan a la siguiente persona de la lista.",
    "Comprar las entradas",
    "Si ya no las quieres, dilo en la misma página: pasan enseguida a la siguiente persona.",
    "Cuándo",
    "Localidades"};

QString tr(const char *text)
{
    return QString::fromUtf8(text);
}

} // namespace

AccountMailText composeWaitingMail(const WaitingMailFacts &facts)
{
    const bool spanish = wantsSpanish(facts.locale);
    const Strings &s = spanish ? kSpanish : kEnglish;
    AccountMailText out;
    out.language = QString::fromLatin1(s.language);
    const QLocale locale(out.language);
    out.subject = tr(s.subject).arg(facts.eventTitle);
    const EventMailTop top{out.language,
                           out.subject,
                           greeting(facts.name, spanish),
                           tr(s.intro).arg(facts.eventTitle).arg(facts.places.size()),
                           facts.eventTitle,
                           tr(s.when),
                           venueTime(facts.startsAt,
                                     facts.timeZone,
                                     locale,
                                     QStringLiteral("dddd d MMMM yyyy, HH:mm"))};
    const QString until = tr(s.until).arg(
        venueTime(facts.expiresAt, facts.timeZone, locale, QStringLiteral("HH:mm, d MMMM")));

    out.text = top.text() + tr(s.seats) + u":\n";
    for (const QString &place : facts.places)
        out.text += u"  " + place + u'\n';
    out.text += u'\n' + until + u"\n\n" + tr(s.action) + u": " + facts.link + u"\n\n"
                + tr(s.decline) + u'\n';

    auto esc = [](const QString &t) { return t.toHtmlEscaped(); };
    QString html = top.html();
    html += u"<tr><th align=\"left\" valign=\"top\">" + esc(tr(s.seats)) + u"</th><td>";
    for (qsizetype i = 0; i < facts.places.size(); ++i)
        html += (i ? u"<br>"_qs : QString()) + esc(facts.places[i]);
    html += u"</td></tr></table>";
    html += u"<p><strong>" + esc(until) + u"</strong></p>";
    html += u"<p><a href=\"" + esc(facts.link) + u"\">" + esc(tr(s.action)) + u"</a></p>";
    html += u"<p>" + esc(tr(s.decline)) + u"</p></body></html>";
    out.html = html;
    return out;
}

} // namespace boxoffice::server::mail
