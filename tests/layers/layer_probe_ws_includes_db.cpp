// SPDX-License-Identifier: GPL-3.0-or-later
// Must not compile: ws reaches the database only through domain.
#include "db/seatmaprepository.h"
