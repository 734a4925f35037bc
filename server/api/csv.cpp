// SPDX-License-Identifier: GPL-3.0-or-later
#include "csv.h"

namespace boxoffice::server::api {

QByteArray csvField(const QString &value)
{
    QByteArray bytes = value.toUtf8();
    if (!bytes.contains(',') && !bytes.contains('"') && !bytes.contains('\r')
        && !bytes.contains('\n'))
        return bytes;
    bytes.replace('"', "\"\"");
    return '"' + bytes + '"';
}

QByteArray csvLine(const QStringList &fields)
{
    QByteArray out;
    for (qsizetype i = 0; i < fields.size(); ++i) {
        if (i > 0)
            out += ',';
        out += csvField(fields.at(i));
    }
    return out + "\r\n";
}

QByteArray csvLines(const QList<QStringList> &rows)
{
    QByteArray out;
    out.reserve(rows.size() * 160);
    for (const QStringList &row : rows)
        out += csvLine(row);
    return out;
}

} // namespace boxoffice::server::api
