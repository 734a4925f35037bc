// Must not compile: http reaches the database only through domain.
#include "db/database.h"
