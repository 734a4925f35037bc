// SPDX-License-Identifier: GPL-3.0-or-later
#include "qrmatrix.h"

#include <qrencode.h>

#include <memory>

namespace boxoffice::core {

QrMatrix QrMatrix::encode(const QString &text)
{
    const QByteArray data = text.toUtf8();
    QrMatrix matrix;
    if (data.isEmpty())
        return matrix;
    struct Free
    {
        void operator()(QRcode *code) const { QRcode_free(code); }
    };
    const std::unique_ptr<QRcode, Free> code(
        QRcode_encodeData(int(data.size()),
                          reinterpret_cast<const unsigned char *>(data.constData()),
                          0,
                          QR_ECLEVEL_M));
    if (!code)
        return matrix;
    matrix.m_size = code->width;
    matrix.m_modules.resize(qsizetype(code->width) * code->width);
    for (int i = 0; i < code->width * code->width; ++i)
        matrix.m_modules[i] = char(code->data[i] & 1);
    return matrix;
}

} // namespace boxoffice::core
