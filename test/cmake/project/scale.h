#pragma once
#include <sycl/sycl.hpp>
constexpr int ScaleFactor = 3;
void scale(sycl::queue &Q, int *Data, int N);
