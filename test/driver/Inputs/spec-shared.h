#include <sycl/sycl.hpp>
// One object in every TU (inline): one constant after the device link.
inline constexpr sycl::specialization_id<int> shared_id{10};
struct S {
  static constexpr sycl::specialization_id<short> member_id{20};
};
int run_b(sycl::queue &q, int shared, int local);
