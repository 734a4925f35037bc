// SPDX-License-Identifier: GPL-3.0-or-later
#include "transfermail.h"

#include "eventmailtop.h"

namespace boxoffice::server::mail {

namespace {

struct Strings
{
    const char *language;
    const char *offerSubject; // %1 event
    const char *offerIntro;   // %1 who, %2 event
    const char *offerAction;
    const char *offerValid; // %1 hours
    const char *offerNotYou;
    const char *sentSubject; // %1 event
    const char *sentIntro;   // %1 event, %2 who
    const char *receivedSubject;
    const char *receivedIntro; // %1 who, %2 event
    const char *code;
    const char *myTickets;
    const char *when;
    const char *place;
};

constexpr Strings kEnglish{
    "en",
    "A ticket for %1 is waiting for you",
    "%1 wants to pass you a ticket for %2. Open the link below to accept it; if you have no "
    "account yet, you can sign up there.",
    "Accept the ticket",
    "The link works once, within %1 hours.",
    "If you do not know the sender, ignore this message: nothing changes.",
    "Your ticket for %1 was passed on",
    "your ticket for %1 now belongs to %2. Its old code no longer works at the door.",
    "Your ticket for %1",
    "%1 passed you a ticket for %2. It is yours now: show its code at the door.",
    "Ticket code",
    "My tickets",
    "When",
    "Place"};
constexpr Strings kSpanish{
    "es",
    "Te espera una entrada para %1",
    "%1 quiere pasarte una entrada para %2. Abre el enlace de abajo para aceptarla; si aún no "
    "tienes cuenta, puedes crearla allí.",
    "Aceptar la entrada",
    "El enlace funciona una vez, durante %1 horas.",
    "Si no conoces a quien la envía, ignora este mensaje: no cambia nada.",
    "Tu entrada para %1 se ha transferido",
    "tu entrada para %1 ahora pertenece a %2. Su código anterior ya no sirve en la puerta.",
    "Tu entrada para %1",
    "%1 te ha pasado una entrada para %2. Ya es tuya: muestra su código en la puerta.",
    "Código de la entrada",
    "Mis entradas",
    "Cuándo",
    "Lugar"};

QString tr(const char *text)
{
    return QString::fromUtf8(text);
}

} // namespace

AccountMailText composeTransferMail(const TransferMailFacts &facts)
{
    const bool spanish = wantsSpanish(facts.locale);
    const Strings &s = spanish ? kSpanish : kEnglish;
    QString intro;
    QString action = tr(s.myTickets);
    QStringList footer;
    AccountMailText out;
    out.language = QString::fromLatin1(s.language);
    if (facts.kind == u"offer") {
        out.subject = tr(s.offerSubject).arg(facts.eventTitle);
        intro = tr(s.offerIntro).arg(facts.otherParty, facts.eventTitle);
        action = tr(s.offerAction);
        footer = {tr(s.offerValid).arg(qMax(1, facts.validHours)), tr(s.offerNotYou)};
    } else if (facts.kind == u"sent") {
        out.subject = tr(s.sentSubject).arg(facts.eventTitle);
        intro = tr(s.sentIntro).arg(facts.eventTitle, facts.otherParty);
    } else {
        out.subject = tr(s.receivedSubject).arg(facts.eventTitle);
        intro = tr(s.receivedIntro).arg(facts.otherParty, facts.eventTitle);
    }
    const EventMailTop top{out.language,
                           out.subject,
                           greeting(facts.name, spanish),
                           intro,
                           facts.eventTitle,
                           tr(s.when),
                           venueTime(facts.startsAt,
                                     facts.timeZone,
                                     QLocale(out.language),
                                     QStringLiteral("dddd d MMMM yyyy, HH:mm"))};
    const bool withCode = facts.kind == u"received" && !facts.code.isEmpty();

    out.text = top.text() + tr(s.place) + u": " + facts.place + u"\n\n";
    if (withCode)
        out.text += tr(s.code) + u":\n" + facts.code + u"\n\n";
    out.text += action + u": " + facts.link + u'\n';
    if (!footer.isEmpty())
        out.text += u'\n' + footer.join(u'\n') + u'\n';

    auto esc = [](const QString &t) { return t.toHtmlEscaped(); };
    QString html = top.html();
    html += u"<tr><th align=\"left\">" + esc(tr(s.place)) + u"</th><td>" + esc(facts.place)
            + u"</td></tr></table>";
    if (withCode)
        html += u"<p>" + esc(tr(s.code)) + u":<br><code style=\"word-break:break-all\">"
                + esc(facts.code) + u"</code></p>";
    html += u"<p><a href=\"" + esc(facts.link) + u"\">" + esc(action) + u"</a></p>";
    if (!footer.isEmpty())
        html += u"<p>" + esc(footer.join(u'\n')).replace(u'\n', u"<br>"_qs) + u"</p>";
    html += u"</body></html>";
    out.html = html;
    return out;
}

} // namespace boxoffice::server::mail
