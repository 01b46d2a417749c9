// What the SYCL classes hold beyond the SYCL API (the hooks the headers reach
// through detail::header_access and the runtime through detail::impl_access)
// is private: user code that names it does not compile. The hooks that used
// to be public smcp_* members are gone, and the API built on them still
// works (std::hash, property lists, the accessor shortcuts' overloads).
// RUN: %clang_host -fsyntax-only -ferror-limit=0 -Xclang -verify %s

#include <sycl/sycl.hpp>

#include <functional>
#include <memory>

constexpr sycl::specialization_id<int> spec{1};
sycl::ext::oneapi::experimental::device_global<int> global;

void handler_members(sycl::handler &h, const std::shared_ptr<sycl::detail::accessor_impl> &rec) {
  h.add_requirement(rec);    // expected-error {{'add_requirement' is a private member of 'sycl::handler'}}
  h.remove_requirement(rec); // expected-error {{'remove_requirement' is a private member of 'sycl::handler'}}
  h.record_host_task({});    // expected-error {{'record_host_task' is a private member of 'sycl::handler'}}
  h.record_accessor_copy(rec, nullptr, rec, nullptr, 4, nullptr); // expected-error {{'record_accessor_copy' is a private member of 'sycl::handler'}}
  h.record_accessor_fill(rec, nullptr, 4); // expected-error {{'record_accessor_fill' is a private member of 'sycl::handler'}}
  h.launch(nullptr, nullptr, 0, {});       // expected-error {{'launch' is a private member of 'sycl::handler'}}
  h.set_spec_constant({}, nullptr, 0);     // expected-error {{'set_spec_constant' is a private member of 'sycl::handler'}}
  h.get_spec_constant({}, nullptr, 0);     // expected-error {{'get_spec_constant' is a private member of 'sycl::handler'}}
  h.temporary(4, false);                   // expected-error {{'temporary' is a private member of 'sycl::handler'}}
  h.max_work_group_size();                 // expected-error {{'max_work_group_size' is a private member of 'sycl::handler'}}
  h.device_global_instance(&global, 4, false); // expected-error {{'device_global_instance' is a private member of 'sycl::handler'}}
  h.device_global_at(global, 0);           // expected-error {{'device_global_at' is a private member of 'sycl::handler'}}
  h.smcp_require(rec);                     // expected-error {{no member named 'smcp_require'}}
}

void accessor_members(sycl::accessor<int, 1> &acc, sycl::local_accessor<int, 1> &local) {
  acc.record();   // expected-error {{'record' is a private member of 'sycl::accessor<int, 1,}}
  local.record(); // expected-error {{'record' is a private member of 'sycl::local_accessor<int, 1>'}}
  acc.smcp_geometry(); // expected-error {{no member named 'smcp_geometry'}}
  (void)sycl::accessor<int, 1>::smcp_dims_v; // expected-error {{no member named 'smcp_dims_v'}}
}

void buffer_members(sycl::buffer<int, 1> &buf) {
  (void)sycl::buffer<int, 1>::view_tag{}; // expected-error {{'view_tag' is a private member of 'sycl::buffer<int, 1,}}
  buf.smcp_impl(); // expected-error {{no member named 'smcp_impl'}}
  (void)sycl::buffer<int, 1>::smcp_dims; // expected-error {{no member named 'smcp_dims'}}
}

int spec_members() {
  return spec._default; // expected-error {{'_default' is a private member of 'sycl::specialization_id<int>'}}
}

void kernel_members(sycl::kernel_bundle<sycl::bundle_state::input> &bundle) {
  sycl::kernel_id id("k"); // expected-error {{calling a private constructor of class 'sycl::kernel_id'}}
  sycl::kernel_handler kh; // expected-error {{calling a private constructor of class 'sycl::kernel_handler'}}
  bundle.has_spec_constant({}); // expected-error {{'has_spec_constant' is a protected member of 'sycl::detail::bundle_base'}}
  bundle.images();              // expected-error {{'images' is a protected member of 'sycl::detail::bundle_base'}}
}

void identity_members(sycl::queue &q, sycl::event &e) {
  q.smcp_impl_identity(); // expected-error {{no member named 'smcp_impl_identity'}}
  (void)sycl::info::event_profiling::command_end::smcp_index; // expected-error {{no member named 'smcp_index'}}
  (void)sycl::property::no_init::smcp_kind; // expected-error {{no member named 'smcp_kind'}}
}

// The API on top of them.
size_t public_api(sycl::queue &q, sycl::event &e, sycl::accessor<int, 1> acc) {
  static_assert(sycl::is_property_v<sycl::property::no_init>);
  static_assert(sycl::is_property_v<sycl::property::queue::in_order>);
  static_assert(!sycl::is_property_v<int>);
  static_assert(sycl::detail::has_record<sycl::accessor<int, 1>>::value);
  static_assert(sycl::detail::has_record<sycl::local_accessor<int, 1>>::value);
  static_assert(!sycl::detail::has_record<int *>::value);
  sycl::property_list props{sycl::no_init, sycl::property::queue::enable_profiling()};
  q.update_host(acc);
  q.fill(acc, 1);
  return std::hash<sycl::queue>()(q) + std::hash<sycl::event>()(e) +
         props.has_property<sycl::property::no_init>() +
         e.get_profiling_info<sycl::info::event_profiling::command_end>();
}

// expected-note@*:* 0+ {{}}
