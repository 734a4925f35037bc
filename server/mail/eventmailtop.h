// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDateTime>
#include <QLocale>
#include <QString>

namespace boxoffice::server::mail {

/// Whether a fan's locale (es, es-AR, es_MX) asks for Spanish; any other gets English.
bool wantsSpanish(const QString &locale);

/// "Hello Ana," / "Hola, Ana:", or without a name "Hello," / "Hola:".
QString greeting(const QString &name, bool spanish);

/// Instant `at` as the venue's clock shows it (`timeZone` IANA; empty or unknown: UTC), in
/// `locale`'s words after `format`, with the zone named: "Friday 5 June 2026, 20:00 (Europe/Madrid)".
QString venueTime(const QDateTime &at,
                  const QString &timeZone,
                  const QLocale &locale,
                  const QString &format);

/// How the transfer and waiting-list mails begin: the greeting, what happened, the event and
/// when it is.
struct EventMailTop
{
    QString language; ///< en or es
    QString subject;
    QString greeting;
    QString intro;
    QString eventTitle;
    QString whenLabel;
    QString when;

    /// The plain text up to and including the "When: …" line.
    QString text() const;
    /// The HTML document up to the table's "When" row; the mail adds its rows, then closes the
    /// table and the body.
    QString html() const;
};

} // namespace boxoffice::server::mail
