// sycl::is_device_copyable: trivially copyable types, and arrays, std::array,
// std::pair and std::tuple of device-copyable types; cv-qualified types
// follow the unqualified one, which a program may specialise.
// RUN: %clang_host -fsyntax-only -Xclang -verify %s
// expected-no-diagnostics

#include <sycl/sycl.hpp>

#include <string>

struct Pod {
  int a;
  float b;
};
struct UserCopy {
  UserCopy(const UserCopy &) {}
};
struct Declared {
  Declared(const Declared &) {}
};
template <> struct sycl::is_device_copyable<Declared> : std::true_type {};

static_assert(sycl::is_device_copyable_v<int>);
static_assert(sycl::is_device_copyable_v<Pod>);
static_assert(sycl::is_device_copyable_v<const int[4]>);
static_assert(sycl::is_device_copyable_v<std::array<double, 3>>);
static_assert(sycl::is_device_copyable_v<std::pair<int, Pod>>);
static_assert(sycl::is_device_copyable_v<std::tuple<int, float, Pod>>);
static_assert(!sycl::is_device_copyable_v<UserCopy>);
static_assert(!sycl::is_device_copyable_v<std::string>);
static_assert(!sycl::is_device_copyable_v<std::tuple<int, std::string>>);
static_assert(!sycl::is_device_copyable_v<UserCopy[2]>);
static_assert(sycl::is_device_copyable_v<Declared>);
static_assert(sycl::is_device_copyable_v<const Declared>);
static_assert(sycl::is_device_copyable_v<Declared[2]>);
static_assert(sycl::is_device_copyable_v<std::pair<Declared, int>>);
