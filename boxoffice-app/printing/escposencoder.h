// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>

namespace boxoffice::app {

/// Builds an ESC/POS byte stream (Epson TM and compatible receipt printers): text in code page
/// WPC1252, bold, double size, centring, QR codes (GS ( k, model 2), cut (GS V) and the cash
/// drawer kick (ESC p) on pin 2.
class EscPosEncoder
{
public:
    EscPosEncoder(); ///< starts with ESC @ (reset) and ESC t 16 (WPC1252)

    EscPosEncoder &line(const QString &text = {});
    /// Left text and right text on one line of `columns` characters (receipt rows).
    EscPosEncoder &columns(const QString &left, const QString &right, int width = 42);
    EscPosEncoder &bold(bool on);
    EscPosEncoder &doubleSize(bool on);
    EscPosEncoder &centred(bool on);
    /// A QR code of `data` (module size 1–16 dots, error correction M).
    EscPosEncoder &qr(const QByteArray &data, int moduleSize = 6);
    EscPosEncoder &feed(int lines);
    /// Feeds to the cutter and cuts (partial cut: GS V 66 0).
    EscPosEncoder &cut();
    /// Opens the cash drawer on pin 2: ESC p 0 25 250 (50 ms on, 500 ms off).
    EscPosEncoder &kickDrawer();

    QByteArray bytes() const { return m_bytes; }
    /// `text` in WPC1252 (Latin-1 plus the euro sign); what it cannot show becomes '?'.
    static QByteArray encodeText(const QString &text);

private:
    QByteArray m_bytes;
};

} // namespace boxoffice::app
