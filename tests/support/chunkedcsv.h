// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Reading streamed CSV exports back in tests: the chunked body, then RFC 4180 records.

#include <QByteArray>
#include <QList>
#include <QStringList>

namespace boxoffice::test {

/// The body of a chunked answer; empty unless it ends with the last (empty) chunk.
inline QByteArray dechunk(const QByteArray &wire)
{
    QByteArray body;
    qsizetype at = 0;
    for (;;) {
        const qsizetype line = wire.indexOf("\r\n", at);
        if (line < 0)
            return {};
        bool ok = false;
        const qsizetype size = wire.mid(at, line - at).toLongLong(&ok, 16);
        if (!ok)
            return {};
        if (size == 0)
            return wire.mid(line + 2) == "\r\n" ? body : QByteArray();
        body += wire.mid(line + 2, size);
        at = line + 2 + size + 2;
    }
}
/// RFC 4180 records of `csv` (quoted fields may hold commas, quotes and line breaks).
inline QList<QStringList> parseCsv(const QByteArray &csv)
{
    QList<QStringList> records;
    QStringList record;
    QByteArray field;
    bool quoted = false;
    for (qsizetype i = 0; i < csv.size(); ++i) {
        const char c = csv[i];
        if (quoted) {
            if (c == '"' && i + 1 < csv.size() && csv[i + 1] == '"')
                field += csv[++i];
            else if (c == '"')
                quoted = false;
            else
                field += c;
        } else if (c == '"') {
            quoted = true;
        } else if (c == ',') {
            record.append(QString::fromUtf8(field));
            field.clear();
        } else if (c == '\r' && i + 1 < csv.size() && csv[i + 1] == '\n') {
            record.append(QString::fromUtf8(field));
            field.clear();
            records.append(record);
            record.clear();
            ++i;
        } else {
            field += c;
        }
    }
    return records;
}

} // namespace boxoffice::test
