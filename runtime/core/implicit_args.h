// implicit_args.h - binding a kernel's implicit arguments: whatever the
// kernel needs beyond the user's captures, listed per kernel in its image as
// {kind, payload} (fatbin/implicit_args.h) and passed as trailing global
// pointers. One table in implicit_args.cpp maps each kind to its binder.
#pragma once

#include "spec_constants.h"

#include "../fatbin/implicit_args.h"

#include <string>
#include <vector>

namespace sycl::detail {

class context_impl;
class device_impl;
struct registered_image;

/// Where a launch happens: what a binder may need.
struct implicit_arg_site {
  context_impl &context;
  const device_impl &device;
  const registered_image &image;
  const std::vector<spec_leaf_value> &spec_values; // the launch's, for the image
  unsigned dims;                                    // the launch's, SYCL's order:
  const size_t *global_offset;                      // dims entries
};

/// The implicit-argument list of `kernel` in `image`; null when it has none
/// (looked up once per kernel: launches reuse the answer).
const smcp::fatbin::KernelImplicitArgs *find_implicit_args(const registered_image &image,
                                                          const char *kernel);

/// Appends the trailing pointer arguments of `list` to `out`, in its order.
void bind_implicit_args(const implicit_arg_site &site,
                        const smcp::fatbin::KernelImplicitArgs &list, std::vector<void *> &out);

} // namespace sycl::detail
