// handler_impl.h - what a command group recorded: its one command and its
// explicit dependencies.
#pragma once

#include <sycl/detail/kernel_desc.hpp>

#include <cstddef>
#include <memory>
#include <variant>
#include <vector>

namespace sycl::detail {

class event_impl;

struct kernel_command {
  const smcp::detail::kernel_info *info;
  std::vector<unsigned char> functor; // a copy: the lambda may be gone when it runs
  unsigned dims;
  size_t global[3], local[3], offset[3]; // SYCL dimension order
};

struct memcpy_command {
  void *dest;
  const void *src;
  size_t bytes;
};

struct fill_command {
  void *dest;
  std::vector<unsigned char> pattern;
  size_t count; // of patterns
};

using command = std::variant<std::monostate, kernel_command, memcpy_command, fill_command>;

class handler_impl {
public:
  /// Throws errc::invalid when the group already holds a command.
  void set_command(command c);
  void add_dependency(std::shared_ptr<event_impl> e);

  const command &recorded() const { return _command; }
  const std::vector<std::shared_ptr<event_impl>> &dependencies() const { return _deps; }

private:
  command _command;
  std::vector<std::shared_ptr<event_impl>> _deps;
};

} // namespace sycl::detail
