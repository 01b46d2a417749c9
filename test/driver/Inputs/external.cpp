#include <sycl/sycl.hpp>

// Device code defined in another TU than the kernel that calls it.
SYCL_EXTERNAL int scale(int V) { return V * 3 + 1; }
