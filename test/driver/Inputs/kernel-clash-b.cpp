#include <sycl/sycl.hpp>

class Clash;

void other(sycl::queue &Q, int *P) { Q.single_task<Clash>([=] { P[1] = 2; }).wait(); }
