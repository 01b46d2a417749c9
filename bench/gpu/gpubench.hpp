// gpubench.hpp - what the SYCL programs of bench/gpu and their CUDA baselines
// share, so that both sides measure alike. The timing rule: run the work once
// (it builds or loads the kernel), then time Rounds rounds of `Iters`
// submissions and one wait each, and keep the best round's time per iteration.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <string>
#include <vector>

namespace gpubench {

/// Seconds per iteration, best of Rounds; Round(Iters) submits Iters times and waits.
template <typename F> double per_iteration(int Rounds, int Iters, F &&Round) {
  Round(1);
  double Best = 1e30;
  for (int R = 0; R < Rounds; ++R) {
    auto T0 = std::chrono::steady_clock::now();
    Round(Iters);
    std::chrono::duration<double> T = std::chrono::steady_clock::now() - T0;
    Best = std::min(Best, T.count() / Iters);
  }
  return Best;
}

/// Iterations that move about 16 GiB, so a round is long beside the launch costs.
inline int iterations_for(size_t BytesPerIter, int Min = 10, int Max = 200) {
  size_t N = (size_t(1) << 34) / BytesPerIter;
  return int(std::clamp<size_t>(N, size_t(Min), size_t(Max)));
}

/// A comma-separated list of sizes as powers of two ("25,28").
inline std::vector<size_t> log2_sizes(const char *List) {
  std::vector<size_t> Sizes;
  for (std::string S = List; !S.empty();) {
    size_t Comma = S.find(',');
    Sizes.push_back(std::stoul(S.substr(0, Comma)));
    S = Comma == std::string::npos ? "" : S.substr(Comma + 1);
  }
  return Sizes;
}

} // namespace gpubench
