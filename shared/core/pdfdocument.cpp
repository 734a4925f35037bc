// SPDX-License-Identifier: GPL-3.0-or-later
#include "pdfdocument.h"

#include <QByteArrayList>

namespace boxoffice::core::PdfDocument {

QByteArray number(double value)
{
    return QByteArray::number(value, 'f', 2);
}

QByteArray literal(const QString &text)
{
    QByteArray out = "(";
    for (const QChar c : text) {
        const char16_t u = c.unicode();
        char byte = '?';
        if (u == 0x00b7)
            byte = char(0xb7);
        else if (u == 0x20ac)
            byte = char(0x80); // the euro sign's WinAnsi slot
        else if (u >= 0x20 && u < 0x7f)
            byte = char(u);
        else if (u >= 0xa0 && u <= 0xff)
            byte = char(u);
        if (byte == '(' || byte == ')' || byte == '\\')
            out += '\\';
        out += byte;
    }
    return out + ')';
}

QByteArray text(double x, double y, bool bold, double size, const QString &value, const char *rgb)
{
    return QByteArray(rgb) + " rg BT /" + (bold ? "F2 " : "F1 ") + number(size) + " Tf " + number(x)
           + ' ' + number(y) + " Td " + literal(value) + " Tj ET\n";
}

QByteArray write(const QList<QByteArray> &pageContents, double width, double height)
{
    QByteArrayList objects; // object n is objects[n - 1]
    objects.append("<< /Type /Catalog /Pages 2 0 R >>");
    objects.append(QByteArray()); // the page tree, filled in once the pages are known
    objects.append("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica "
                   "/Encoding /WinAnsiEncoding >>");
    objects.append("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold "
                   "/Encoding /WinAnsiEncoding >>");
    QByteArrayList kids;
    for (const QByteArray &content : pageContents) {
        // qCompress is a zlib stream behind a 4-byte length: exactly FlateDecode after it.
        const QByteArray stream = qCompress(content, 9).mid(4);
        objects.append("<< /Length " + QByteArray::number(stream.size())
                       + " /Filter /FlateDecode >>\nstream\n" + stream + "\nendstream");
        const int contentId = int(objects.size());
        objects.append("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 " + number(width) + ' '
                       + number(height)
                       + "] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> "
                         "/Contents "
                       + QByteArray::number(contentId) + " 0 R >>");
        kids.append(QByteArray::number(objects.size()) + " 0 R");
    }
    objects[1] = "<< /Type /Pages /Kids [" + kids.join(' ') + "] /Count "
                 + QByteArray::number(kids.size()) + " >>";

    QByteArray out = "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n";
    QList<qsizetype> offsets;
    for (qsizetype i = 0; i < objects.size(); ++i) {
        offsets.append(out.size());
        out += QByteArray::number(i + 1) + " 0 obj\n" + objects.at(i) + "\nendobj\n";
    }
    const qsizetype xref = out.size();
    out += "xref\n0 " + QByteArray::number(objects.size() + 1) + "\n0000000000 65535 f \n";
    for (const qsizetype offset : offsets)
        out += QByteArray::number(offset).rightJustified(10, '0') + " 00000 n \n";
    out += "trailer\n<< /Size " + QByteArray::number(objects.size() + 1)
           + " /Root 1 0 R >>\nstartxref\n" + QByteArray::number(xref) + "\n%%EOF\n";
    return out;
}

} // namespace boxoffice::core::PdfDocument
