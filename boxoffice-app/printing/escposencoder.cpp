// SPDX-License-Identifier: GPL-3.0-or-later
#include "escposencoder.h"

namespace boxoffice::app {

namespace {
constexpr char ESC = 0x1b;
constexpr char GS = 0x1d;
} // namespace

EscPosEncoder::EscPosEncoder()
{
    m_bytes.append(ESC).append('@');
    m_bytes.append(ESC).append('t').append(char(16));
}

QByteArray EscPosEncoder::encodeText(const QString &text)
{
    QByteArray out;
    out.reserve(text.size());
    for (const QChar c : text) {
        if (c == QChar(0x20ac))
            out.append(char(0x80));
        else if (c.unicode() >= 0x20 && c.unicode() < 0x7f)
            out.append(char(c.unicode()));
        else if (c.unicode() >= 0xa0 && c.unicode() <= 0xff)
            out.append(char(c.unicode()));
        else if (c == QChar(0x2014) || c == QChar(0x2013) || c == QChar(0x00b7))
            out.append(c == QChar(0x00b7) ? char(0xb7) : '-');
        else
            out.append('?');
    }
    return out;
}

EscPosEncoder &EscPosEncoder::line(const QString &text)
{
    m_bytes.append(encodeText(text)).append('\n');
    return *this;
}

EscPosEncoder &EscPosEncoder::columns(const QString &left, const QString &right, int width)
{
    const qsizetype room = qMax<qsizetype>(1, width - right.size() - 1);
    const QString l = left.left(room);
    return line(l + QString(width - l.size() - right.size(), u' ') + right);
}

EscPosEncoder &EscPosEncoder::bold(bool on)
{
    m_bytes.append(ESC).append('E').append(char(on ? 1 : 0));
    return *this;
}

EscPosEncoder &EscPosEncoder::doubleSize(bool on)
{
    m_bytes.append(GS).append('!').append(char(on ? 0x11 : 0x00));
    return *this;
}

EscPosEncoder &EscPosEncoder::centred(bool on)
{
    m_bytes.append(ESC).append('a').append(char(on ? 1 : 0));
    return *this;
}

EscPosEncoder &EscPosEncoder::qr(const QByteArray &data, int moduleSize)
{
    auto function = [this](const QByteArray &params) {
        const int length = int(params.size());
        m_bytes.append(GS).append('(').append('k');
        m_bytes.append(char(length & 0xff)).append(char((length >> 8) & 0xff));
        m_bytes.append(params);
    };
    function(QByteArray("\x31\x41\x32\x00", 4));                           // model 2
    function(QByteArray("\x31\x43", 2) + char(qBound(1, moduleSize, 16))); // module size
    function(QByteArray("\x31\x45\x31", 3));                               // error correction M
    function(QByteArray("\x31\x50\x30", 3) + data);                        // store the data
    function(QByteArray("\x31\x51\x30", 3));                               // print it
    m_bytes.append('\n');
    return *this;
}

EscPosEncoder &EscPosEncoder::feed(int lines)
{
    m_bytes.append(ESC).append('d').append(char(qBound(0, lines, 255)));
    return *this;
}

EscPosEncoder &EscPosEncoder::cut()
{
    m_bytes.append(GS).append('V').append(char(66)).append(char(0));
    return *this;
}

EscPosEncoder &EscPosEncoder::kickDrawer()
{
    m_bytes.append(ESC).append('p').append(char(0)).append(char(25)).append(char(250));
    return *this;
}

} // namespace boxoffice::app
