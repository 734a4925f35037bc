// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>

namespace boxoffice::core {

/// A QR code's modules (libqrencode, error correction M), for every place that draws one: the
/// box-office app's printer and the server's ticket PDFs.
class QrMatrix
{
public:
    /// The QR code of `text`; an empty matrix when it cannot be encoded.
    static QrMatrix encode(const QString &text);

    bool isEmpty() const { return m_size == 0; }
    /// Modules per side, without the quiet zone.
    int size() const { return m_size; }
    bool isDark(int x, int y) const { return m_modules.at(y * m_size + x) != 0; }

private:
    int m_size = 0;
    QByteArray m_modules; // row by row, 1 = dark
};

} // namespace boxoffice::core
