// Must not compile: ws reaches the database only through domain.
#include "db/seatmaprepository.h"
