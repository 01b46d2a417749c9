// Reductions over a span<T, N> (SYCL 2020 4.9.2): N variables combined
// element by element. The reduction kernel of reduction.hpp folds one value
// per reduction, so a span reduction's value is the N elements together
// (span_value) with an element-wise combiner; without an identity each
// element carries its own "has a value" flag. The kernel's reducer hands out
// one element reducer per index.
#pragma once

#include "../span.hpp"

#include <cstddef>
#include <type_traits>

namespace sycl {
namespace detail {

template <typename T, size_t N, bool HasIdentity> struct span_value {
  T V[N];
  bool Has[N];
};
template <typename T, size_t N> struct span_value<T, N, true> {
  T V[N];
};

template <typename T, size_t N, bool HasIdentity, typename Op> struct span_combine {
  Op Combine;
  span_value<T, N, HasIdentity> operator()(const span_value<T, N, HasIdentity> &A,
                                           const span_value<T, N, HasIdentity> &B) const {
    span_value<T, N, HasIdentity> R;
    for (size_t K = 0; K < N; ++K) {
      if constexpr (HasIdentity) {
        R.V[K] = Combine(A.V[K], B.V[K]);
      } else {
        R.V[K] = !B.Has[K] ? A.V[K] : A.Has[K] ? Combine(A.V[K], B.V[K]) : B.V[K];
        R.Has[K] = A.Has[K] || B.Has[K];
      }
    }
    return R;
  }
};

/// The user's N elements, read as a span_value (every element present) and
/// written from one (only the elements that have a value).
template <typename T, size_t N, bool HasIdentity> struct span_target {
  T *Data;
  operator span_value<T, N, HasIdentity>() const {
    span_value<T, N, HasIdentity> R;
    for (size_t K = 0; K < N; ++K) {
      R.V[K] = Data[K];
      if constexpr (!HasIdentity)
        R.Has[K] = true;
    }
    return R;
  }
  const span_target &operator=(const span_value<T, N, HasIdentity> &S) const {
    for (size_t K = 0; K < N; ++K) {
      if constexpr (HasIdentity)
        Data[K] = S.V[K];
      else if (S.Has[K])
        Data[K] = S.V[K];
    }
    return *this;
  }
};
template <typename T, size_t N, bool HasIdentity> struct span_variable {
  T *Data;
  span_target<T, N, HasIdentity> operator[](size_t) const { return {Data}; }
};

template <typename T, size_t N, bool HasIdentity, typename Op>
using span_reduction_var =
    reduction_var<span_value<T, N, HasIdentity>, span_combine<T, N, HasIdentity, Op>,
                  span_variable<T, N, HasIdentity>, true>;

template <typename T, size_t N, bool HasIdentity, typename Op>
span_reduction_var<T, N, HasIdentity, Op> make_span_reduction(T *Data, const T &Identity,
                                                              Op Combine, bool InitToIdentity) {
  span_value<T, N, HasIdentity> Id;
  for (size_t K = 0; K < N; ++K) {
    Id.V[K] = Identity;
    if constexpr (!HasIdentity)
      Id.Has[K] = false;
  }
  return {{Data}, Id, InitToIdentity, {Combine}};
}

/// One element of a span reducer: combines into that element.
template <typename T, typename Op, bool HasIdentity>
class span_element_reducer
    : public reducer_operators<span_element_reducer<T, Op, HasIdentity>, T, Op> {
public:
  span_element_reducer(T &Value, bool *Has, const T &Identity, const Op &Combine)
      : Value(Value), Has(Has), Ident(Identity), Combiner(Combine) {}
  span_element_reducer &combine(const T &X) {
    if constexpr (HasIdentity) {
      Value = Combiner(Value, X);
    } else {
      Value = *Has ? Combiner(Value, X) : X;
      *Has = true;
    }
    return *this;
  }
  T identity() const { return Ident; }
  static constexpr bool has_identity = HasIdentity;

private:
  T &Value;
  bool *Has;
  T Ident;
  const Op &Combiner;
};

/// The reducer a kernel gets for a span reduction: R[i] combines into the
/// i-th element.
template <typename T, size_t N, bool HasIdentity, typename Op> class span_reducer {
  static_assert(N > 0, "a span reduction needs at least one element");
  using value_t = span_value<T, N, HasIdentity>;
  using combine_t = span_combine<T, N, HasIdentity, Op>;

public:
  span_reducer(const reducer_init<value_t, combine_t> &Init)
      : Has(true), Ident(Init.Identity.V[0]), Combiner(Init.Combine) {
    // Element by element: a copy of the whole identity may become an
    // odd-width vector copy, which SPIR-V cannot express.
    for (size_t K = 0; K < N; ++K) {
      Value.V[K] = Ident;
      if constexpr (!HasIdentity)
        Value.Has[K] = false;
    }
  }
  span_reducer(const span_reducer &) = delete;
  span_reducer &operator=(const span_reducer &) = delete;

  span_element_reducer<T, Op, HasIdentity> operator[](size_t I) {
    bool *Has = nullptr;
    if constexpr (!HasIdentity)
      Has = &Value.Has[I];
    return {Value.V[I], Has, Ident, Combiner.Combine};
  }
  static constexpr bool has_identity = true; // for the kernel: see span_value

  // Read by the reduction kernel.
  value_t Value;
  bool Has;

private:
  T Ident; // every element's
  combine_t Combiner;
};

template <typename T, size_t N, bool HasIdentity, typename Op>
struct reducer_of<span_reduction_var<T, N, HasIdentity, Op>> {
  using type = span_reducer<T, N, HasIdentity, Op>;
};

} // namespace detail

template <typename T, size_t Extent, typename Op,
          typename = std::enable_if_t<Extent != dynamic_extent>>
detail::span_reduction_var<T, Extent, has_known_identity_v<Op, T>, Op>
reduction(span<T, Extent> Vars, Op Combine, const property_list &Props = {}) {
  return detail::make_span_reduction<T, Extent, has_known_identity_v<Op, T>>(
      Vars.data(), detail::identity_or_default<T, Op>(), Combine,
      Props.has_property<property::reduction::initialize_to_identity>());
}

template <typename T, size_t Extent, typename Op,
          typename = std::enable_if_t<Extent != dynamic_extent>>
detail::span_reduction_var<T, Extent, true, Op> reduction(span<T, Extent> Vars, const T &Identity,
                                                          Op Combine,
                                                          const property_list &Props = {}) {
  return detail::make_span_reduction<T, Extent, true>(
      Vars.data(), Identity, Combine,
      Props.has_property<property::reduction::initialize_to_identity>());
}

} // namespace sycl
