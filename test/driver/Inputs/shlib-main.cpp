// Kernels across shared libraries: the executable launches a kernel of a
// library it links (libScale), the library one of the executable (exeFill),
// and a library loaded with dlopen registers its images, runs, and
// unregisters them at dlclose.
#include <sycl/sycl.hpp>

#include <cstdio>
#include <dlfcn.h>

int libScale(sycl::queue &Q, int Factor);

void exeFill(sycl::queue &Q, int *Out, int Value) {
  Q.parallel_for(sycl::range<1>(4), [=](sycl::id<1> I) { Out[I] = Value; }).wait();
}

int main(int argc, char **argv) {
  sycl::queue Q;
  std::printf("linked library: %d\n", libScale(Q, 2)); // 5*(2+3+4+5)
  void *Plugin = dlopen(argv[1], RTLD_NOW);
  if (!Plugin) {
    std::printf("dlopen failed: %s\n", dlerror());
    return 1;
  }
  auto *Run = reinterpret_cast<int (*)(sycl::queue *)>(dlsym(Plugin, "pluginRun"));
  std::printf("dlopen library: %d\n", Run(&Q));
  dlclose(Plugin);
  int *Out = sycl::malloc_shared<int>(4, Q);
  exeFill(Q, Out, 3);
  std::printf("after dlclose: %d\n", Out[3]);
  sycl::free(Out, Q);
}
