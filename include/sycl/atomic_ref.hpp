// atomic_ref (SYCL 2020 §4.15.3) over SPIR-V atomic instructions with the
// order and scope of each call. Floating-point read-modify-writes are
// compare-exchange loops on the value's bits, which every device supports.
#pragma once

#include "access.hpp"
#include "detail/spirv_ops.hpp"
#include "memory_order.hpp"

#include <cstring>
#include <type_traits>

namespace sycl {
namespace detail {

template <typename T> inline constexpr bool is_atomic_integral_v =
    std::is_same_v<T, int> || std::is_same_v<T, unsigned int> || std::is_same_v<T, long> ||
    std::is_same_v<T, unsigned long> || std::is_same_v<T, long long> ||
    std::is_same_v<T, unsigned long long>;

template <typename T> inline constexpr bool is_atomic_floating_v =
    std::is_same_v<T, float> || std::is_same_v<T, double>;

/// The integer that carries a floating-point value's bits.
template <typename T> using atomic_bits_t = std::conditional_t<sizeof(T) == 4, unsigned int,
                                                               unsigned long long>;

template <typename To, typename From> To bit_cast(const From &V) {
  To R;
  std::memcpy(&R, &V, sizeof(R));
  return R;
}

/// Load and store orders may not be release/acquire respectively: the
/// specification maps acq_rel to the half that applies.
constexpr memory_order load_order(memory_order O) {
  return O == memory_order::acq_rel || O == memory_order::release ? memory_order::acquire : O;
}
constexpr memory_order store_order(memory_order O) {
  return O == memory_order::acq_rel || O == memory_order::acquire ? memory_order::release : O;
}

} // namespace detail

template <typename T, memory_order DefaultOrder, memory_scope DefaultScope,
          access::address_space Space = access::address_space::generic_space>
class atomic_ref {
  static_assert(detail::is_atomic_integral_v<T> || detail::is_atomic_floating_v<T>,
                "atomic_ref supports int, unsigned int, long, unsigned long, long long, unsigned "
                "long long, float and double");
  static constexpr bool Integral = detail::is_atomic_integral_v<T>;
  static constexpr bool Floating = detail::is_atomic_floating_v<T>;
  using Bits = std::conditional_t<Integral, T, detail::atomic_bits_t<T>>;

public:
  using value_type = T;
  using difference_type = T;
  static constexpr size_t required_alignment = sizeof(T);
  static constexpr bool is_always_lock_free = true;
  static constexpr memory_order default_read_order = detail::load_order(DefaultOrder);
  static constexpr memory_order default_write_order = detail::store_order(DefaultOrder);
  static constexpr memory_order default_read_modify_write_order = DefaultOrder;
  static constexpr memory_scope default_scope = DefaultScope;

  explicit atomic_ref(T &Ref) : Ptr(reinterpret_cast<Bits *>(&Ref)) {}
  atomic_ref(const atomic_ref &) = default;
  bool is_lock_free() const noexcept { return true; }

  void store(T V, memory_order O = default_write_order, memory_scope S = default_scope) const {
#ifdef __SYCL_DEVICE_ONLY__
    __spirv_AtomicStore(Ptr, detail::spirv_scope(S), detail::spirv_semantics(O), toBits(V));
#else
    hostOnly(V, O, S);
#endif
  }
  T operator=(T V) const {
    store(V);
    return V;
  }
  T load(memory_order O = default_read_order, memory_scope S = default_scope) const {
#ifdef __SYCL_DEVICE_ONLY__
    return fromBits(__spirv_AtomicLoad(Ptr, detail::spirv_scope(S), detail::spirv_semantics(O)));
#else
    return hostOnly(T(), O, S);
#endif
  }
  operator T() const { return load(); }
  T exchange(T V, memory_order O = default_read_modify_write_order,
             memory_scope S = default_scope) const {
#ifdef __SYCL_DEVICE_ONLY__
    return fromBits(
        __spirv_AtomicExchange(Ptr, detail::spirv_scope(S), detail::spirv_semantics(O), toBits(V)));
#else
    return hostOnly(V, O, S);
#endif
  }
  bool compare_exchange_strong(T &Expected, T Desired, memory_order Success,
                               memory_order Failure, memory_scope S = default_scope) const {
#ifdef __SYCL_DEVICE_ONLY__
    Bits Old = __spirv_AtomicCompareExchange(Ptr, detail::spirv_scope(S),
                                             detail::spirv_semantics(Success),
                                             detail::spirv_semantics(Failure), toBits(Desired),
                                             toBits(Expected));
    bool Done = Old == toBits(Expected);
    Expected = fromBits(Old);
    return Done;
#else
    hostOnly(Desired, Success, S);
    (void)Expected, (void)Failure;
    return false;
#endif
  }
  bool compare_exchange_strong(T &Expected, T Desired, memory_order O = default_read_modify_write_order,
                               memory_scope S = default_scope) const {
    return compare_exchange_strong(Expected, Desired, O, detail::load_order(O), S);
  }
  bool compare_exchange_weak(T &Expected, T Desired, memory_order Success, memory_order Failure,
                             memory_scope S = default_scope) const {
    return compare_exchange_strong(Expected, Desired, Success, Failure, S);
  }
  bool compare_exchange_weak(T &Expected, T Desired, memory_order O = default_read_modify_write_order,
                             memory_scope S = default_scope) const {
    return compare_exchange_strong(Expected, Desired, O, S);
  }

  T fetch_add(T V, memory_order O = default_read_modify_write_order,
              memory_scope S = default_scope) const {
    if constexpr (Integral)
      return rmw<Op::Add>(V, O, S);
    else
      return update([V](T Old) { return Old + V; }, O, S);
  }
  T fetch_sub(T V, memory_order O = default_read_modify_write_order,
              memory_scope S = default_scope) const {
    if constexpr (Integral)
      return rmw<Op::Sub>(V, O, S);
    else
      return update([V](T Old) { return Old - V; }, O, S);
  }
  T fetch_min(T V, memory_order O = default_read_modify_write_order,
              memory_scope S = default_scope) const {
    if constexpr (Integral)
      return rmw<Op::Min>(V, O, S);
    else
      return update([V](T Old) { return V < Old ? V : Old; }, O, S);
  }
  T fetch_max(T V, memory_order O = default_read_modify_write_order,
              memory_scope S = default_scope) const {
    if constexpr (Integral)
      return rmw<Op::Max>(V, O, S);
    else
      return update([V](T Old) { return V > Old ? V : Old; }, O, S);
  }
  template <typename U = T, typename = std::enable_if_t<detail::is_atomic_integral_v<U>>>
  T fetch_and(T V, memory_order O = default_read_modify_write_order,
              memory_scope S = default_scope) const {
    return rmw<Op::And>(V, O, S);
  }
  template <typename U = T, typename = std::enable_if_t<detail::is_atomic_integral_v<U>>>
  T fetch_or(T V, memory_order O = default_read_modify_write_order,
             memory_scope S = default_scope) const {
    return rmw<Op::Or>(V, O, S);
  }
  template <typename U = T, typename = std::enable_if_t<detail::is_atomic_integral_v<U>>>
  T fetch_xor(T V, memory_order O = default_read_modify_write_order,
              memory_scope S = default_scope) const {
    return rmw<Op::Xor>(V, O, S);
  }

  T operator+=(T V) const { return fetch_add(V) + V; }
  T operator-=(T V) const { return fetch_sub(V) - V; }
  template <typename U = T, typename = std::enable_if_t<detail::is_atomic_integral_v<U>>>
  T operator&=(T V) const { return fetch_and(V) & V; }
  template <typename U = T, typename = std::enable_if_t<detail::is_atomic_integral_v<U>>>
  T operator|=(T V) const { return fetch_or(V) | V; }
  template <typename U = T, typename = std::enable_if_t<detail::is_atomic_integral_v<U>>>
  T operator^=(T V) const { return fetch_xor(V) ^ V; }
  template <typename U = T, typename = std::enable_if_t<detail::is_atomic_integral_v<U>>>
  T operator++() const { return fetch_add(1) + 1; }
  template <typename U = T, typename = std::enable_if_t<detail::is_atomic_integral_v<U>>>
  T operator++(int) const { return fetch_add(1); }
  template <typename U = T, typename = std::enable_if_t<detail::is_atomic_integral_v<U>>>
  T operator--() const { return fetch_sub(1) - 1; }
  template <typename U = T, typename = std::enable_if_t<detail::is_atomic_integral_v<U>>>
  T operator--(int) const { return fetch_sub(1); }

private:
  enum class Op { Add, Sub, Min, Max, And, Or, Xor };

  static Bits toBits(T V) { return detail::bit_cast<Bits>(V); }
  static T fromBits(Bits B) { return detail::bit_cast<T>(B); }

  template <Op Which> T rmw(T V, memory_order O, memory_scope S) const {
#ifdef __SYCL_DEVICE_ONLY__
    int Scope = detail::spirv_scope(S), Sem = detail::spirv_semantics(O);
    if constexpr (Which == Op::Add)
      return __spirv_AtomicIAdd(Ptr, Scope, Sem, V);
    else if constexpr (Which == Op::Sub)
      return __spirv_AtomicISub(Ptr, Scope, Sem, V);
    else if constexpr (Which == Op::And)
      return __spirv_AtomicAnd(Ptr, Scope, Sem, V);
    else if constexpr (Which == Op::Or)
      return __spirv_AtomicOr(Ptr, Scope, Sem, V);
    else if constexpr (Which == Op::Xor)
      return __spirv_AtomicXor(Ptr, Scope, Sem, V);
    else if constexpr (Which == Op::Min && std::is_signed_v<T>)
      return __spirv_AtomicSMin(Ptr, Scope, Sem, V);
    else if constexpr (Which == Op::Min)
      return __spirv_AtomicUMin(Ptr, Scope, Sem, V);
    else if constexpr (std::is_signed_v<T>)
      return __spirv_AtomicSMax(Ptr, Scope, Sem, V);
    else
      return __spirv_AtomicUMax(Ptr, Scope, Sem, V);
#else
    return hostOnly(V, O, S);
#endif
  }

  /// Read-modify-write as a compare-exchange loop (floating point).
  template <typename Fn> T update(Fn Next, memory_order O, memory_scope S) const {
    T Old = load(memory_order::relaxed, S);
    while (!compare_exchange_strong(Old, Next(Old), O, memory_order::relaxed, S)) {
    }
    return Old;
  }

  static T hostOnly(T V, memory_order, memory_scope) {
    // atomic_ref is device-only (SYCL 2020 §4.15.3); host compiles only parse it.
    return V;
  }

  Bits *Ptr;
};

} // namespace sycl
