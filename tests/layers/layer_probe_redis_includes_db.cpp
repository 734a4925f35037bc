// SPDX-License-Identifier: GPL-3.0-or-later
// Must not compile: redis is beside db, not above it.
#include "db/database.h"
