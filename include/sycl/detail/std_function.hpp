// std::function without all of <functional>: in C++17 libstdc++'s
// <functional> also pulls in <unordered_map>, <vector> and the searchers,
// about a third of <sycl/sycl.hpp>'s parse time. Every SYCL source pays it
// twice (host and device compiles), so take the one part we need where the
// standard library offers it on its own.
#pragma once

#if __has_include(<bits/std_function.h>)
#include <bits/std_function.h>
#else
#include <functional>
#endif
