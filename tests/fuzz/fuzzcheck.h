// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArrayView>

#include <cstdio>
#include <cstdlib>

// An invariant of a fuzz target: when it does not hold, the input is a finding (libFuzzer saves
// it as crash-*), like a sanitizer report.
#define FUZZ_CHECK(condition, what) \
    do { \
        if (!(condition)) { \
            std::fprintf(stderr, "fuzz invariant broken: %s (%s)\n", what, #condition); \
            std::abort(); \
        } \
    } while (false)

namespace boxoffice::fuzz {

inline QByteArrayView bytes(const unsigned char *data, size_t size)
{
    return QByteArrayView(reinterpret_cast<const char *>(data), qsizetype(size));
}

} // namespace boxoffice::fuzz
