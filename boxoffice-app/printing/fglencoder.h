// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>

namespace boxoffice::app {

/// Builds a ticket in Boca Systems' Friendly Ghost Language (FGL): text at row/column in dots
/// (`<RCr,c>`), resident fonts (`<F3>`..), a QR code (`<QRsize,0,0,1>{data}`), and `<p>` to
/// print and cut the ticket.
class FglEncoder
{
public:
    /// Text at (row, column) in dots with resident font `font` (1–13).
    FglEncoder &text(int row, int column, const QString &text, int font = 3);
    /// A QR code whose top left is at (row, column), `size` the point size 3–16.
    FglEncoder &qr(int row, int column, const QByteArray &data, int size = 6);
    /// Prints the ticket and cuts it (`<p>`); the next text starts a new ticket.
    FglEncoder &printAndCut();

    QByteArray bytes() const { return m_bytes; }

private:
    QByteArray m_bytes;
};

} // namespace boxoffice::app
