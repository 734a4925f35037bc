// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDateTime>
#include <QString>
#include <QStringList>

namespace boxoffice::server::mail {

/// What the fan's mail says about their order.
struct OrderMailFacts
{
    QString orderId;
    QString eventTitle;
    QDateTime startsAt; ///< UTC
    QString timeZone;   ///< the venue's IANA zone; empty: UTC
    QString venueName;
    QString city;
    QStringList places; ///< one line per ticket: "Section S1, row 3, seat 7" or the GA zone
    QString orderLink;
    QString locale; ///< en, es (others fall back to English)
    /// Empty for the tickets mail; `rescheduled` (the new date, tickets again) or `cancelled`.
    QString notice;
};

/// The subject and bodies of the tickets mail, in the fan's language.
struct TicketMailText
{
    QString subject;
    QString text;
    QString html;
    QString language;       ///< the language actually used (en or es)
    QString attachmentName; ///< empty: nothing to attach (a cancellation)
};

TicketMailText composeTicketMail(const OrderMailFacts &facts);
/// "Section S1, row 3, seat 7" / "Sección S1, fila 3, asiento 7", or the zone's name for GA.
QString placeLine(const QString &locale,
                  const QString &section,
                  const QString &row,
                  const QString &number,
                  const QString &gaName);

} // namespace boxoffice::server::mail
