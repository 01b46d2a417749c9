// Declarations of specialization_id that SYCL 2020 4.9.5.1 forbids are
// compile errors: a type that is not device copyable, a variable that is not
// constexpr (const or not), a private class member. Valid declarations (in a
// namespace, an anonymous namespace, a class) compile.
// RUN: %clang_device -c -emit-llvm -o /dev/null -Xclang -verify %s

#include <sycl/sycl.hpp>
#include <string>

struct NotCopyable {
  constexpr NotCopyable(int) {}
  NotCopyable(const NotCopyable &) {}
};
int runtime_value();

namespace ns {
constexpr sycl::specialization_id<int> ok_ns{1};
}
namespace {
constexpr sycl::specialization_id<int> ok_anon{2};
}
struct Holder {
  static constexpr sycl::specialization_id<int> ok_member{3};
};
class Private {
  static constexpr sycl::specialization_id<int> hidden{4}; // expected-note {{declared private here}}
  friend void use_private(sycl::kernel_handler);
};

sycl::specialization_id<int> not_constexpr{5};
const sycl::specialization_id<int> const_not_constexpr{runtime_value()};
// expected-error@sycl/specialization_id.hpp:* {{specialization_id<T>: T must be device copyable (SYCL 2020 4.9.5)}}
constexpr sycl::specialization_id<NotCopyable> not_copyable{1};

int read_valid(sycl::kernel_handler kh) {
  return kh.get_specialization_constant<ns::ok_ns>() +
         kh.get_specialization_constant<ok_anon>() +
         kh.get_specialization_constant<Holder::ok_member>();
}

int read_not_constexpr(sycl::kernel_handler kh) {
  return kh.get_specialization_constant<not_constexpr>() +
         kh.get_specialization_constant<const_not_constexpr>();
}
// expected-error@sycl/specialization_id.hpp:* 2 {{a specialization_id variable must be declared constexpr (SYCL 2020 4.9.5.1)}}

int read_private(sycl::kernel_handler kh) {
  return kh.get_specialization_constant<Private::hidden>(); // expected-error {{'hidden' is a private member of 'Private'}}
}

// expected-error@sycl/specialization_id.hpp:* 0+ {{}}
// expected-note@*:* 0+ {{}}
