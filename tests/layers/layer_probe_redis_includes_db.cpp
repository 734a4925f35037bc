// Must not compile: redis is beside db, not above it.
#include "db/database.h"
