// SPDX-License-Identifier: GPL-3.0-or-later
// Must not compile: http reaches the database only through domain.
#include "db/database.h"
