#include "qrcode.h"

#include <qrencode.h>

#include <memory>

namespace boxoffice::app {

namespace {
struct QrFree
{
    void operator()(QRcode *code) const { QRcode_free(code); }
};
using QrPtr = std::unique_ptr<QRcode, QrFree>;

QrPtr make(const QString &text)
{
    const QByteArray data = text.toUtf8();
    if (data.isEmpty())
        return nullptr;
    return QrPtr(QRcode_encodeData(int(data.size()),
                                   reinterpret_cast<const unsigned char *>(data.constData()),
                                   0,
                                   QR_ECLEVEL_M));
}
} // namespace

QImage QrCode::encode(const QString &text, int moduleSize)
{
    const QrPtr code = make(text);
    if (!code || moduleSize < 1)
        return {};
    constexpr int kQuiet = 4;
    const int side = (code->width + 2 * kQuiet) * moduleSize;
    QImage image(side, side, QImage::Format_Grayscale8);
    image.fill(Qt::white);
    for (int y = 0; y < code->width; ++y)
        for (int x = 0; x < code->width; ++x)
            if (code->data[y * code->width + x] & 1)
                for (int dy = 0; dy < moduleSize; ++dy) {
                    uchar *line = image.scanLine((y + kQuiet) * moduleSize + dy);
                    std::fill_n(line + (x + kQuiet) * moduleSize, moduleSize, uchar(0));
                }
    return image;
}

int QrCode::moduleCount(const QString &text)
{
    const QrPtr code = make(text);
    return code ? code->width : 0;
}

} // namespace boxoffice::app
