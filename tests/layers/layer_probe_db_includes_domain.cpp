// SPDX-License-Identifier: GPL-3.0-or-later
// Must not compile: db knows rows (db/rows), not domain.
#include "domain/hold.h"
