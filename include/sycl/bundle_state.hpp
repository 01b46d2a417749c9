// sycl::bundle_state and the kernel_bundle declaration, for headers (the
// handler) that name kernel bundles without needing their definition.
#pragma once

namespace sycl {

enum class bundle_state { input, object, executable };

template <bundle_state State> class kernel_bundle;

} // namespace sycl
