// host_proxy.h - how the host waits for a device-only event: Level Zero lets
// the host wait for or query only events of host-visible pools, so a barrier
// on the context's own immediate command list for the event's device waits
// for the device-only event and signals a host-visible one, the proxy, which
// keeps the device-only event until it is seen done (and then marks it done).
#pragma once

#include "queue.h"

namespace smcp::level_zero {

/// The host-visible event to wait for instead of e's device-only one, made on
/// the first call and kept on e.
smcp_result host_proxy(event_record &e, event_ref &out);

} // namespace smcp::level_zero
