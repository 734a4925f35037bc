// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <stdexcept>

namespace boxoffice::server {

/// A backing service (the database) cannot serve right now (down, pool exhausted, retries used up): answer 503.
class Unavailable : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

} // namespace boxoffice::server
