// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QSslConfiguration>

#include <optional>

namespace boxoffice::server::http {

/// The TLS configuration for --tls-cert/--tls-key (PEM files; RSA or EC key); nullopt and
/// `error` when either cannot be read.
std::optional<QSslConfiguration> loadTlsConfiguration(const QString &certificatePath,
                                                      const QString &keyPath,
                                                      QString *error);

} // namespace boxoffice::server::http
