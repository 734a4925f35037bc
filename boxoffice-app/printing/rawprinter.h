// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QObject>
#include <QString>

#include <functional>

namespace boxoffice::app {

/// Sends a printer's own language (ESC/POS, FGL) to the printer: a network printer's raw port
/// (`host:9100`, JetDirect style) or a device file (`/dev/usb/lp0`). Asynchronous for the
/// network; `done(error)` gets an empty error on success.
class RawPrinter : public QObject
{
    Q_OBJECT
public:
    using Done = std::function<void(const QString &error)>;

    explicit RawPrinter(QObject *parent = nullptr);

    /// `target`: "host:port", "tcp://host:port", or an absolute device/file path.
    void send(const QString &target, const QByteArray &bytes, Done done);
    /// True when `target` names a network printer (not a path).
    static bool isNetwork(const QString &target);

private:
    void sendToDevice(const QString &path, const QByteArray &bytes, const Done &done);
};

} // namespace boxoffice::app
