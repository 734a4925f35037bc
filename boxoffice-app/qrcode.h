// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QImage>
#include <QString>

namespace boxoffice::app {

/// QR codes through libqrencode.
class QrCode
{
public:
    /// The QR code of `text` (error correction M) as a black-on-white image with a 4-module quiet
    /// zone, `moduleSize` pixels per module; a null image when `text` cannot be encoded.
    static QImage encode(const QString &text, int moduleSize = 8);
    /// Modules per side (without the quiet zone), 0 on failure.
    static int moduleCount(const QString &text);
};

} // namespace boxoffice::app
