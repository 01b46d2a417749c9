// <sycl/detail/host_task_impl.hpp>: what handler::host_task needs, which
// DPC++ programs include beside <sycl/detail/core.hpp>: the handler, the
// interop handle a host task may take and host_task accessors.
#pragma once

#include "../accessor.hpp"
#include "../handler.hpp"
#include "../interop_handle.hpp"
