// SPDX-License-Identifier: GPL-3.0-or-later
#include "qrcode.h"

#include <core/qrmatrix.h>

namespace boxoffice::app {

QImage QrCode::encode(const QString &text, int moduleSize)
{
    const core::QrMatrix code = core::QrMatrix::encode(text);
    if (code.isEmpty() || moduleSize < 1)
        return {};
    constexpr int kQuiet = 4;
    const int side = (code.size() + 2 * kQuiet) * moduleSize;
    QImage image(side, side, QImage::Format_Grayscale8);
    image.fill(Qt::white);
    for (int y = 0; y < code.size(); ++y)
        for (int x = 0; x < code.size(); ++x)
            if (code.isDark(x, y))
                for (int dy = 0; dy < moduleSize; ++dy) {
                    uchar *line = image.scanLine((y + kQuiet) * moduleSize + dy);
                    std::fill_n(line + (x + kQuiet) * moduleSize, moduleSize, uchar(0));
                }
    return image;
}

int QrCode::moduleCount(const QString &text)
{
    return core::QrMatrix::encode(text).size();
}

} // namespace boxoffice::app
