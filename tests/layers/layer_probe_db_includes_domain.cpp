// Must not compile: db knows rows (db/rows), not domain.
#include "domain/hold.h"
