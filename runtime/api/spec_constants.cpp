// spec_constants.cpp - handler::set/get_specialization_constant: values
// recorded per command group (SYCL 2020 4.9.4.4).
#include "../core/error.h"
#include "../core/handler_impl.h"
#include "../core/spec_constants.h"

#include <sycl/handler.hpp>

#include <cstring>

namespace sycl {

void handler::set_spec_constant(detail::spec_id_parts id, const void *value, size_t size) {
  if (_impl->bundle)
    smcp::rt::throw_error(errc::invalid,
                          "set_specialization_constant: a kernel bundle is bound to this command "
                          "group (use_kernel_bundle); set the value on the bundle instead");
  const auto *bytes = static_cast<const unsigned char *>(value);
  _impl->spec_values[detail::spec_symbolic_id(id.tu_prefix, id.name)].assign(bytes, bytes + size);
}

void handler::get_spec_constant(detail::spec_id_parts id, void *value, size_t size) const {
  if (_impl->bundle)
    smcp::rt::throw_error(errc::invalid,
                          "get_specialization_constant: a kernel bundle is bound to this command "
                          "group (use_kernel_bundle); read the value from the bundle instead");
  auto it = _impl->spec_values.find(detail::spec_symbolic_id(id.tu_prefix, id.name));
  if (it != _impl->spec_values.end() && it->second.size() == size)
    std::memcpy(value, it->second.data(), size); // otherwise the caller's default stands
}

} // namespace sycl
