// SPDX-License-Identifier: GPL-3.0-or-later
#include "fglencoder.h"

#include "escposencoder.h"

namespace boxoffice::app {

namespace {
// '<' and '>' open and close FGL commands; '{' '}' delimit bar code data.
QString plain(QString text)
{
    return text.replace(u'<', u'(').replace(u'>', u')').replace(u'{', u'(').replace(u'}', u')');
}
} // namespace

FglEncoder &FglEncoder::text(int row, int column, const QString &text, int font)
{
    m_bytes += QStringLiteral("<RC%1,%2><F%3>").arg(row).arg(column).arg(font).toLatin1();
    m_bytes += EscPosEncoder::encodeText(plain(text)); // the same Windows-1252 code page
    m_bytes += '\n';
    return *this;
}

FglEncoder &FglEncoder::qr(int row, int column, const QByteArray &data, int size)
{
    m_bytes += QStringLiteral("<RC%1,%2><QR%3,0,0,1>{").arg(row).arg(column).arg(size).toLatin1();
    m_bytes += data;
    m_bytes += "}\n";
    return *this;
}

FglEncoder &FglEncoder::printAndCut()
{
    m_bytes += "<p>";
    return *this;
}

} // namespace boxoffice::app
