// sycl::kernel_handler (SYCL 2020 4.9.4.2 / 4.9.5.2): the last parameter of a
// kernel that reads specialization constants. It holds nothing: on spir64
// the values are native SPIR-V specialization constants, fixed when the
// program is built for the launch's values.
#pragma once

#include "detail/common.hpp"
#include "specialization_id.hpp"

namespace sycl {

class kernel_handler {
public:
  template <auto &SpecName, typename TU = detail::spec_tu_tag>
  detail::spec_value_t<SpecName> get_specialization_constant() const {
    using T = detail::spec_value_t<SpecName>;
#ifdef __SYCL_DEVICE_ONLY__
    (void)detail::spec_id<SpecName, TU>(); // its checks
    alignas(T) unsigned char Storage[sizeof(T)];
    // The literals go straight into the call: the pass reads them as
    // constants even at -O0, where a local copy would be a load.
    __smcp_spec_constant(__SMCP_TU_PREFIX_OF(TU),
                         __builtin_sycl_unique_stable_name(detail::spec_tag<SpecName>),
                         &SpecName, Storage);
    return *reinterpret_cast<const T *>(Storage);
#else
    // Kernels never run on the host; this keeps host compiles of kernels valid.
    return T(detail::header_access::default_value(SpecName));
#endif
  }

private:
  /// Made only by the kernel entry templates (detail/kernel_launch.hpp,
  /// reduction.hpp).
  friend struct detail::header_access;
  kernel_handler() = default;
};

} // namespace sycl
