// SPDX-License-Identifier: GPL-3.0-or-later
// Must not compile: ws stands beside http, and both reach the sale through api.
#include "http/services.h"
