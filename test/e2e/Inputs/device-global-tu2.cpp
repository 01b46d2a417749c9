#include <sycl/sycl.hpp>

// The second TU of device-global-multi-tu.cpp: Foo is declared here and
// defined there; Local and Anon are this TU's own, of the same names as the
// other TU's.
using namespace sycl::ext::oneapi::experimental;

SYCL_EXTERNAL extern device_global<int> Foo;
SYCL_EXTERNAL extern device_global<int[2]> Pair;
static device_global<int> Local;
namespace {
device_global<int> Anon;
}
inline device_global<int> Shared; // one variable: inline in both TUs

SYCL_EXTERNAL int tu1_get_local(); // TU1's Local, from TU1's code
SYCL_EXTERNAL int tu2_get_local() { return Local; }

class Tu2Write;
class Tu2Read;

void tu2_write(sycl::queue &q) {
  q.single_task<Tu2Write>([=] {
    Foo = 42;
    Pair[1] = Pair[0] + 1;
    Local = 2;
    Anon = 20;
    Shared += 100;
  }).wait();
}

// Kernel reads: Foo, Local, Anon, Shared and (through TU1) TU1's Local.
void tu2_kernel_read(sycl::queue &q, int *out) {
  q.single_task<Tu2Read>([=] {
    out[0] = Foo;
    out[1] = Local;
    out[2] = Anon;
    out[3] = Shared;
    out[4] = tu1_get_local();
  }).wait();
}

// Host copies from this TU.
void tu2_copy_read(sycl::queue &q, int *out) {
  q.copy(Foo, &out[0]);
  q.copy(Local, &out[1]);
  q.copy(Anon, &out[2]);
  q.copy(Shared, &out[3]);
  q.wait();
}

void tu2_copy_write_local(sycl::queue &q, int v) { q.copy(&v, Local).wait(); }
