// SPDX-License-Identifier: GPL-3.0-or-later
#include "eventmailtop.h"

#include <QTimeZone>

namespace boxoffice::server::mail {

bool wantsSpanish(const QString &locale)
{
    return locale.section(u'-', 0, 0).section(u'_', 0, 0).toLower() == u"es";
}

QString greeting(const QString &name, bool spanish)
{
    if (name.isEmpty())
        return spanish ? QStringLiteral("Hola:") : QStringLiteral("Hello,");
    return (spanish ? QStringLiteral("Hola, %1:") : QStringLiteral("Hello %1,")).arg(name);
}

QString venueTime(const QDateTime &at,
                  const QString &timeZone,
                  const QLocale &locale,
                  const QString &format)
{
    const QTimeZone zone = timeZone.isEmpty() ? QTimeZone::utc() : QTimeZone(timeZone.toUtf8());
    const bool named = zone.isValid() && !timeZone.isEmpty();
    const QDateTime local = at.toTimeZone(zone.isValid() ? zone : QTimeZone::utc());
    return locale.toString(local, format) + u" (" + (named ? timeZone : QStringLiteral("UTC"))
           + u')';
}

QString EventMailTop::text() const
{
    return greeting + u"\n\n" + intro + u"\n\n" + eventTitle + u'\n' + whenLabel + u": " + when
           + u'\n';
}

QString EventMailTop::html() const
{
    auto esc = [](const QString &t) { return t.toHtmlEscaped(); };
    QString html = u"<!DOCTYPE html><html lang=\""_qs + language
                   + u"\"><head><meta charset=\"utf-8\"><title>" + esc(subject)
                   + u"</title></head><body style=\"font-family:sans-serif\">";
    html += u"<p>" + esc(greeting) + u"</p><p>" + esc(intro) + u"</p>";
    html += u"<h1>" + esc(eventTitle) + u"</h1><table>";
    html += u"<tr><th align=\"left\">" + esc(whenLabel) + u"</th><td>" + esc(when) + u"</td></tr>";
    return html;
}

} // namespace boxoffice::server::mail
