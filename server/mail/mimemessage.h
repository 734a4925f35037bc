// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QDateTime>
#include <QString>

#include <optional>

namespace boxoffice::server::mail {

/// One attached file.
struct Attachment
{
    QString fileName;
    QByteArray contentType; ///< e.g. application/pdf
    QByteArray data;
};

/// A message with a text and an HTML body (multipart/alternative) and an optional attachment
/// (multipart/mixed), rendered as RFC 5322 / MIME text with CRLF line ends.
struct MimeMessage
{
    QString from;
    QString to;
    QString subject;
    QString messageId; ///< without angle brackets; the same on every resend so clients fold it
    QDateTime date;
    QString language; ///< Content-Language, e.g. es
    QString text;
    QString html;
    std::optional<Attachment> attachment;

    QByteArray render() const;
};

/// An RFC 2047 encoded-word for non-ASCII header text (plain ASCII is returned as it is).
QByteArray encodeHeaderText(const QString &text);

} // namespace boxoffice::server::mail
