// sycl-ls - lists the SYCL devices this process can select, one per line, as
// "[backend:type:index] platform, device name version [driver version]"
// (the format of DPC++'s sycl-ls). With --verbose it adds each device's main
// properties and then every adapter the runtime tried, with what became of it
// (usable, or why not). The index is what ONEAPI_DEVICE_SELECTOR's
// "backend:index" takes.
#include <sycl/context.hpp>
#include <sycl/device.hpp>
#include <sycl/device_selector.hpp>
#include <sycl/platform.hpp>
#include <sycl/detail/abi/backends.h>
#include <sycl/detail/adapter_report.hpp>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>

namespace {

/// sycl::backend numbers backends as abi/backends.h does.
const char *backend_name(sycl::backend b) {
  return smcp::abi::backend_name(smcp::abi::backend_id(int(b)));
}

const char *type_name(const sycl::device &d) {
  return d.is_gpu() ? "gpu" : d.is_cpu() ? "cpu" : "acc";
}

void print_details(const sycl::device &d) {
  namespace di = sycl::info::device;
  auto sizes = d.get_info<di::max_work_item_sizes<3>>();
  std::printf("    vendor: %s\n", d.get_info<di::vendor>().c_str());
  std::printf("    max compute units: %u, max work-group size: %zu, max work-item sizes: "
              "%zu x %zu x %zu\n",
              d.get_info<di::max_compute_units>(), d.get_info<di::max_work_group_size>(),
              sizes[0], sizes[1], sizes[2]);
  std::printf("    global memory: %llu MiB, local memory: %llu KiB\n",
              (unsigned long long)(d.get_info<di::global_mem_size>() >> 20),
              (unsigned long long)(d.get_info<di::local_mem_size>() >> 10));
  std::printf("    fp16: %s, fp64: %s, atomic64: %s, USM device/host/shared: %s/%s/%s\n",
              d.has(sycl::aspect::fp16) ? "yes" : "no", d.has(sycl::aspect::fp64) ? "yes" : "no",
              d.has(sycl::aspect::atomic64) ? "yes" : "no",
              d.has(sycl::aspect::usm_device_allocations) ? "yes" : "no",
              d.has(sycl::aspect::usm_host_allocations) ? "yes" : "no",
              d.has(sycl::aspect::usm_shared_allocations) ? "yes" : "no");
}

/// Every adapter tried, one line each: "  <state> <library>: <devices or why>".
void print_adapters() {
  std::printf("Adapters tried:\n");
  for (const auto &o : sycl::detail::adapter_outcomes()) {
    std::printf("  %-18s %s: ", sycl::detail::outcome_name(o.status), o.library.c_str());
    if (o.reason.empty())
      std::printf("%u device(s)\n", o.devices);
    else
      std::printf("%s\n", o.reason.c_str());
  }
}

/// Without --verbose, adapters that are installed but cannot run here say
/// why (no driver behind the Level Zero loader, no NVIDIA driver), on stderr.
void print_unusable_adapters() {
  for (const auto &o : sycl::detail::adapter_outcomes())
    if (o.status != sycl::detail::adapter_outcome::state::usable)
      std::fprintf(stderr, "note: unusable adapter %s: %s\n", o.library.c_str(),
                   o.reason.c_str());
}

unsigned list_devices(bool verbose) {
  std::map<sycl::backend, unsigned> next_index;
  unsigned count = 0;
  for (const auto &p : sycl::platform::get_platforms()) {
    const std::string platform_name = p.get_info<sycl::info::platform::name>();
    for (const auto &d : p.get_devices()) {
      std::printf("[%s:%s:%u] %s, %s %s [%s]\n", backend_name(d.get_backend()), type_name(d),
                  next_index[d.get_backend()]++, platform_name.c_str(),
                  d.get_info<sycl::info::device::name>().c_str(),
                  d.get_info<sycl::info::device::version>().c_str(),
                  d.get_info<sycl::info::device::driver_version>().c_str());
      if (verbose)
        print_details(d);
      ++count;
    }
  }
  return count;
}

int list(bool verbose) {
  unsigned count = list_devices(verbose);
  if (count == 0) {
    // Selecting a device raises the runtime's explanation: which adapters were tried and why.
    try {
      sycl::device d(sycl::default_selector_v);
    } catch (const sycl::exception &e) {
      std::fprintf(stderr, "%s\n", e.what());
    }
  }
  if (verbose)
    print_adapters();
  else if (count != 0)
    print_unusable_adapters();
  return count == 0 ? 1 : 0;
}

} // namespace

int main(int argc, char **argv) {
  bool verbose = false;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--verbose") || !std::strcmp(argv[i], "-v")) {
      verbose = true;
    } else if (!std::strcmp(argv[i], "--ignore-device-selectors")) {
      unsetenv("ONEAPI_DEVICE_SELECTOR");
    } else {
      std::fprintf(stderr, "usage: sycl-ls [--verbose] [--ignore-device-selectors]\n");
      return 2;
    }
  }
  if (const char *filter = std::getenv("ONEAPI_DEVICE_SELECTOR"))
    std::fprintf(stderr,
                 "warning: ONEAPI_DEVICE_SELECTOR=%s hides some devices and renumbers the "
                 "rest; --ignore-device-selectors lists them all\n",
                 filter);
  try {
    return list(verbose);
  } catch (const sycl::exception &e) {
    std::fprintf(stderr, "sycl-ls: %s\n", e.what());
    return 1;
  }
}
