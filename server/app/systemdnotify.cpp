// SPDX-License-Identifier: GPL-3.0-or-later
#include "systemdnotify.h"

#ifdef BOXOFFICE_HAVE_LIBSYSTEMD
#include <systemd/sd-daemon.h>
#endif

namespace boxoffice::server {

void notifyReady()
{
#ifdef BOXOFFICE_HAVE_LIBSYSTEMD
    sd_notify(0, "READY=1\nSTATUS=answering requests");
#endif
}

void notifyStopping()
{
#ifdef BOXOFFICE_HAVE_LIBSYSTEMD
    sd_notify(0, "STOPPING=1\nSTATUS=finishing requests in flight");
#endif
}

} // namespace boxoffice::server
