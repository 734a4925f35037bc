// SPDX-License-Identifier: GPL-3.0-or-later
#include "jsonwriter.h"

#include <QLocale>

#include <cmath>

namespace boxoffice::core::jsonwriter {

QByteArray string(QStringView text)
{
    const QByteArray utf8 = text.toUtf8();
    QByteArray out;
    out.reserve(utf8.size() + 2);
    out += '"';
    for (const char c : utf8) {
        switch (c) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\b':
            out += "\\b";
            break;
        case '\f':
            out += "\\f";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        case '\t':
            out += "\\t";
            break;
        default:
            if (static_cast<unsigned char>(c) < 0x20) {
                static const char hex[] = "0123456789abcdef";
                out += "\\u00";
                out += hex[(c >> 4) & 0xF];
                out += hex[c & 0xF];
            } else {
                out += c;
            }
        }
    }
    out += '"';
    return out;
}

QByteArray number(double value)
{
    if (value == 0)
        return QByteArrayLiteral("0");
    if (std::fabs(value) < 1e15 && value == std::floor(value))
        return QByteArray::number(qint64(value));
    return QByteArray::number(value, 'g', QLocale::FloatingPointShortest);
}

QByteArray colour(const QColor &colour)
{
    const QString name = colour.name(colour.alpha() == 255 ? QColor::HexRgb : QColor::HexArgb);
    return string(name);
}

} // namespace boxoffice::core::jsonwriter
