// SPDX-License-Identifier: GPL-3.0-or-later
#include "mimemessage.h"

#include <QLocale>
#include <QUuid>

namespace boxoffice::server::mail {

namespace {

// Base64 in lines of 76 characters (RFC 2045).
QByteArray base64Lines(const QByteArray &data)
{
    const QByteArray encoded = data.toBase64();
    QByteArray out;
    out.reserve(encoded.size() + encoded.size() / 76 * 2 + 2);
    for (qsizetype i = 0; i < encoded.size(); i += 76)
        out += encoded.mid(i, 76) + "\r\n";
    return out;
}

QByteArray part(const QByteArray &type, const QByteArray &body)
{
    return "Content-Type: " + type + "\r\nContent-Transfer-Encoding: base64\r\n\r\n"
           + base64Lines(body);
}

// Header values must not smuggle in line breaks (a recipient "x\r\nBcc: ..." stays one line).
QString oneLine(const QString &text)
{
    QString out = text;
    out.replace(u'\r', u' ').replace(u'\n', u' ');
    return out;
}

} // namespace

QByteArray encodeHeaderText(const QString &text)
{
    const QString clean = oneLine(text);
    bool ascii = true;
    for (QChar c : clean)
        ascii = ascii && c.unicode() >= 0x20 && c.unicode() < 0x7f;
    if (ascii)
        return clean.toLatin1();
    return "=?UTF-8?B?" + clean.toUtf8().toBase64() + "?=";
}

QByteArray MimeMessage::render() const
{
    const QByteArray tag = QUuid::createUuid().toString(QUuid::Id128).toLatin1();
    const QByteArray alternative = "alt-" + tag;
    const QByteArray mixed = "mix-" + tag;
    QByteArray head;
    head += "From: " + encodeHeaderText(from) + "\r\n";
    head += "To: " + oneLine(to).toUtf8() + "\r\n";
    head += "Subject: " + encodeHeaderText(subject) + "\r\n";
    head += "Date: "
            + QLocale::c().toString(date.toUTC(), u"ddd, dd MMM yyyy hh:mm:ss +0000").toLatin1()
            + "\r\n";
    head += "Message-ID: <" + oneLine(messageId).toLatin1() + ">\r\n";
    if (!language.isEmpty())
        head += "Content-Language: " + oneLine(language).toLatin1() + "\r\n";
    head += "MIME-Version: 1.0\r\n";
    const QByteArray bodies = "--" + alternative + "\r\n"
                              + part("text/plain; charset=utf-8", text.toUtf8()) + "--"
                              + alternative + "\r\n"
                              + part("text/html; charset=utf-8", html.toUtf8()) + "--" + alternative
                              + "--\r\n";
    const QByteArray alternativeType = "multipart/alternative; boundary=\"" + alternative + "\"";
    if (!attachment)
        return head + "Content-Type: " + alternativeType + "\r\n\r\n" + bodies;
    const QByteArray name = encodeHeaderText(attachment->fileName);
    return head + "Content-Type: multipart/mixed; boundary=\"" + mixed + "\"\r\n\r\n" + "--" + mixed
           + "\r\nContent-Type: " + alternativeType + "\r\n\r\n" + bodies + "--" + mixed + "\r\n"
           + "Content-Type: " + attachment->contentType + "; name=\"" + name + "\"\r\n"
           + "Content-Transfer-Encoding: base64\r\n"
           + "Content-Disposition: attachment; filename=\"" + name + "\"\r\n\r\n"
           + base64Lines(attachment->data) + "--" + mixed + "--\r\n";
}

} // namespace boxoffice::server::mail
