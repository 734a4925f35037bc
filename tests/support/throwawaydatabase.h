// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>

namespace boxoffice::server::db {

/// Creates a uniquely named database on the server at `adminUrl` and drops it on destruction,
/// so every test runs against its own empty database.
class ThrowawayDatabase
{
public:
    explicit ThrowawayDatabase(const std::string &adminUrl, const std::string &prefix = "t");
    ~ThrowawayDatabase();
    ThrowawayDatabase(const ThrowawayDatabase &) = delete;
    ThrowawayDatabase &operator=(const ThrowawayDatabase &) = delete;

    const std::string &name() const { return m_name; }
    /// Connection URL of the new database.
    const std::string &url() const { return m_url; }

private:
    std::string m_adminUrl;
    std::string m_name;
    std::string m_url;
};

/// `url` with its database name replaced by `database`.
std::string withDatabase(const std::string &url, const std::string &database);

} // namespace boxoffice::server::db
