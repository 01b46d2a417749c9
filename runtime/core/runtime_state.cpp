// runtime_state.cpp - adapters, platforms and visible devices of the process.
#include "runtime_state.h"

#include "context_impl.h"
#include "exit_drain.h"
#include "trace.h"

#include <cstdlib>

namespace sycl::detail {
namespace {

smcp::rt::device_filter filter_from_environment() {
  const char *text = std::getenv("ONEAPI_DEVICE_SELECTOR");
  return text ? smcp::rt::device_filter::parse(text) : smcp::rt::device_filter();
}

} // namespace

runtime_state &runtime_state::get() {
  // Leaked on purpose (see the header); a throwing construction is retried.
  static runtime_state *state = new runtime_state();
  return *state;
}

runtime_state::runtime_state() : _filter(filter_from_environment()) {
  _adapters = smcp::rt::load_adapters();
  std::vector<unsigned> next_index(4, 0); // per smcp_backend value
  for (const auto &a : _adapters.adapters) {
    adapter_outcome &o = attempt_of(*a);
    try {
      settle(o, enumerate(*a, next_index));
    } catch (const sycl::exception &e) {
      // One broken backend must not hide the others.
      o.status = adapter_outcome::state::enumeration_failed;
      o.reason = std::string("enumerating its platforms and devices failed: ") + e.what();
      smcp::rt::trace("enumerating %s failed: %s", a->name(), e.what());
    }
  }
  // After the backends have loaded, so that the drain runs before they tear down.
  install_exit_drain();
}

adapter_outcome &runtime_state::attempt_of(const smcp::rt::adapter &a) {
  for (auto &o : _adapters.attempts)
    if (o.library == a.path())
      return o;
  // Not reached: the loader records every adapter it returns. Should that
  // change, the adapter still gets its record rather than a crash.
  _adapters.attempts.push_back({a.path(), adapter_outcome::state::usable, {}, 0});
  return _adapters.attempts.back();
}

void runtime_state::settle(adapter_outcome &o, device_counts counts) {
  o.devices = counts.visible;
  if (counts.visible)
    return;
  if (counts.hidden) {
    o.status = adapter_outcome::state::hidden;
    o.reason = "ONEAPI_DEVICE_SELECTOR='" + _filter.text() + "' hides its " +
               std::to_string(counts.hidden) + " device(s)";
  } else {
    o.status = adapter_outcome::state::no_devices;
    o.reason = counts.platforms ? "its " + std::to_string(counts.platforms) +
                                      " platform(s) have no device"
                                : std::string("its backend reports no platform");
  }
}

runtime_state::device_counts runtime_state::enumerate(const smcp::rt::adapter &a,
                                                      std::vector<unsigned> &next_index) {
  device_counts counts;
  uint32_t n = 0;
  SMCP_ADAPTER_CALL(a, get_platforms, 0, nullptr, &n);
  std::vector<smcp_platform> handles(n);
  SMCP_ADAPTER_CALL(a, get_platforms, n, handles.data(), &n);
  counts.platforms = n;
  for (smcp_platform h : handles) {
    auto p = std::make_shared<platform_impl>(a, h);
    uint32_t m = 0;
    SMCP_ADAPTER_CALL(a, get_devices, h, 0, nullptr, &m);
    std::vector<smcp_device> devs(m);
    SMCP_ADAPTER_CALL(a, get_devices, h, m, devs.data(), &m);
    for (smcp_device d : devs) {
      unsigned &index = next_index.at(a.table().backend);
      auto dev = std::make_shared<device_impl>(*p, d, index++);
      if (_filter.accepts({a.table().backend, dev->type(), dev->backend_index()})) {
        p->add_device(std::move(dev));
        ++counts.visible;
      } else {
        ++counts.hidden;
        smcp::rt::trace("device %s hidden by ONEAPI_DEVICE_SELECTOR", dev->name().c_str());
      }
    }
    if (!p->devices().empty())
      _platforms.push_back(std::move(p));
  }
  return counts;
}

std::vector<std::shared_ptr<device_impl>> runtime_state::devices() const {
  std::vector<std::shared_ptr<device_impl>> all;
  for (const auto &p : _platforms)
    all.insert(all.end(), p->devices().begin(), p->devices().end());
  return all;
}

std::shared_ptr<device_impl> runtime_state::shared_device(const device_impl *d) const {
  for (const auto &p : _platforms)
    for (const auto &dev : p->devices())
      if (dev.get() == d)
        return dev;
  return nullptr;
}

std::string runtime_state::explain_devices() const {
  std::string text = "adapters searched in " + _adapters.search;
  if (_adapters.attempts.empty())
    text += ": none found";
  for (const auto &at : _adapters.attempts)
    text += "\n  " + at.library + ": " +
            (at.reason.empty() ? "loaded, " + std::to_string(at.devices) + " device(s)"
                               : at.reason);
  return text;
}

std::shared_ptr<context_impl> runtime_state::default_context(platform_impl &p) {
  std::lock_guard<std::mutex> lock(_mutex);
  for (const auto &entry : _default_contexts)
    if (entry.first == &p)
      return entry.second;
  std::vector<std::shared_ptr<device_impl>> devs(p.devices().begin(), p.devices().end());
  auto ctx = std::make_shared<context_impl>(p, std::move(devs), async_handler{});
  _default_contexts.emplace_back(&p, ctx);
  return ctx;
}

std::shared_ptr<context_impl> runtime_state::default_context(const std::shared_ptr<device_impl> &d) {
  if (!d->parent())
    return default_context(d->platform());
  std::lock_guard<std::mutex> lock(_mutex);
  for (const auto &entry : _sub_device_contexts)
    if (entry.first == d.get())
      return entry.second;
  auto ctx = std::make_shared<context_impl>(d->platform(), std::vector{d}, async_handler{});
  _sub_device_contexts.emplace_back(d.get(), ctx);
  return ctx;
}

} // namespace sycl::detail
