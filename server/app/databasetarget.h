// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "config.h"

#include <memory>
#include <string>

namespace boxoffice::server::db {
class EmbeddedPostgres;
}

namespace boxoffice::server {

/// The database to use: --database-url, or a started embedded cluster (stopped with this object).
class DatabaseTarget
{
public:
    explicit DatabaseTarget(const Config &config);
    ~DatabaseTarget();
    /// Starts the embedded cluster when needed; false (with a message on stderr) on failure.
    bool open();
    std::string url() const { return m_url; }

private:
    const Config &m_config;
    std::string m_url;
    std::unique_ptr<db::EmbeddedPostgres> m_embedded;
};

} // namespace boxoffice::server
