// sycl::span and sycl::dynamic_extent: C++20's std::span, which SYCL 2020
// pre-adopts (§3.9.3) for its C++17 programs. The interface of std::span.
#pragma once

#include <array>
#include <cstddef>
#include <iterator>
#include <limits>
#include <type_traits>

namespace sycl {

inline constexpr size_t dynamic_extent = std::numeric_limits<size_t>::max();

template <typename ElementType, size_t Extent = dynamic_extent> class span;

namespace detail {
template <typename T> struct is_span_or_array : std::false_type {};
template <typename T, size_t E> struct is_span_or_array<span<T, E>> : std::true_type {};
template <typename T, size_t N> struct is_span_or_array<std::array<T, N>> : std::true_type {};
/// A contiguous range span can view: data() and size(), of a compatible type.
template <typename R, typename E, typename = void> struct is_span_range : std::false_type {};
template <typename R, typename E>
struct is_span_range<
    R, E, std::void_t<decltype(std::declval<R &>().data()), decltype(std::declval<R &>().size())>>
    : std::bool_constant<
          !is_span_or_array<std::remove_cv_t<R>>::value && !std::is_array_v<R> &&
          std::is_convertible_v<std::remove_pointer_t<decltype(std::declval<R &>().data())> (*)[],
                                E (*)[]>> {};
/// Storage: the size only where it is dynamic.
template <size_t Extent> struct span_size {
  constexpr span_size(size_t) {}
  static constexpr size_t get() { return Extent; }
};
template <> struct span_size<dynamic_extent> {
  constexpr span_size(size_t N) : N(N) {}
  constexpr size_t get() const { return N; }
  size_t N;
};
} // namespace detail

template <typename ElementType, size_t Extent> class span {
  template <typename U>
  static constexpr bool compatible_v = std::is_convertible_v<U (*)[], ElementType (*)[]>;

public:
  using element_type = ElementType;
  using value_type = std::remove_cv_t<ElementType>;
  using size_type = size_t;
  using difference_type = std::ptrdiff_t;
  using pointer = ElementType *;
  using const_pointer = const ElementType *;
  using reference = ElementType &;
  using const_reference = const ElementType &;
  using iterator = pointer;
  using reverse_iterator = std::reverse_iterator<iterator>;
  static constexpr size_t extent = Extent;

  template <size_t E = Extent, typename = std::enable_if_t<E == 0 || E == dynamic_extent>>
  constexpr span() noexcept : Data(nullptr), Size(0) {}
  constexpr span(pointer First, size_type Count) : Data(First), Size(Count) {}
  constexpr span(pointer First, pointer Last) : Data(First), Size(size_type(Last - First)) {}
  template <size_t N, typename = std::enable_if_t<Extent == dynamic_extent || N == Extent>>
  constexpr span(element_type (&Array)[N]) noexcept : Data(Array), Size(N) {}
  template <
      typename U, size_t N,
      typename = std::enable_if_t<(Extent == dynamic_extent || N == Extent) && compatible_v<U>>>
  constexpr span(std::array<U, N> &Array) noexcept : Data(Array.data()), Size(N) {}
  template <typename U, size_t N,
            typename = std::enable_if_t<(Extent == dynamic_extent || N == Extent) &&
                                        compatible_v<const U>>>
  constexpr span(const std::array<U, N> &Array) noexcept : Data(Array.data()), Size(N) {}
  template <typename R, typename = std::enable_if_t<detail::is_span_range<R, ElementType>::value>>
  constexpr span(R &Range) : Data(Range.data()), Size(Range.size()) {}
  template <typename R,
            typename = std::enable_if_t<detail::is_span_range<const R, ElementType>::value>>
  constexpr span(const R &Range) : Data(Range.data()), Size(Range.size()) {}
  template <typename U, size_t N,
            typename =
                std::enable_if_t<(Extent == dynamic_extent || N == dynamic_extent || N == Extent) &&
                                 compatible_v<U>>>
  constexpr span(const span<U, N> &S) noexcept : Data(S.data()), Size(S.size()) {}
  constexpr span(const span &) noexcept = default;
  constexpr span &operator=(const span &) noexcept = default;

  template <size_t Count> constexpr span<element_type, Count> first() const {
    return span<element_type, Count>(Data, Count);
  }
  template <size_t Count> constexpr span<element_type, Count> last() const {
    return span<element_type, Count>(Data + (size() - Count), Count);
  }
  template <size_t Offset, size_t Count = dynamic_extent> constexpr auto subspan() const {
    constexpr size_t E = Count != dynamic_extent    ? Count
                         : Extent != dynamic_extent ? Extent - Offset
                                                    : dynamic_extent;
    return span<element_type, E>(Data + Offset, Count == dynamic_extent ? size() - Offset : Count);
  }
  constexpr span<element_type> first(size_type Count) const { return {Data, Count}; }
  constexpr span<element_type> last(size_type Count) const {
    return {Data + (size() - Count), Count};
  }
  constexpr span<element_type> subspan(size_type Offset, size_type Count = dynamic_extent) const {
    return {Data + Offset, Count == dynamic_extent ? size() - Offset : Count};
  }

  constexpr size_type size() const noexcept { return Size.get(); }
  constexpr size_type size_bytes() const noexcept { return size() * sizeof(element_type); }
  [[nodiscard]] constexpr bool empty() const noexcept { return size() == 0; }

  constexpr reference operator[](size_type I) const { return Data[I]; }
  constexpr reference front() const { return Data[0]; }
  constexpr reference back() const { return Data[size() - 1]; }
  constexpr pointer data() const noexcept { return Data; }

  constexpr iterator begin() const noexcept { return Data; }
  constexpr iterator end() const noexcept { return Data + size(); }
  constexpr reverse_iterator rbegin() const noexcept { return reverse_iterator(end()); }
  constexpr reverse_iterator rend() const noexcept { return reverse_iterator(begin()); }

private:
  pointer Data;
  detail::span_size<Extent> Size;
};

template <typename T, size_t N> span(T (&)[N]) -> span<T, N>;
template <typename T, size_t N> span(std::array<T, N> &) -> span<T, N>;
template <typename T, size_t N> span(const std::array<T, N> &) -> span<const T, N>;
template <typename R>
span(R &) -> span<std::remove_pointer_t<decltype(std::declval<R &>().data())>>;
template <typename R>
span(const R &) -> span<std::remove_pointer_t<decltype(std::declval<const R &>().data())>>;

template <typename T, size_t E> auto as_bytes(span<T, E> S) noexcept {
  constexpr size_t B = E == dynamic_extent ? dynamic_extent : E * sizeof(T);
  return span<const std::byte, B>(reinterpret_cast<const std::byte *>(S.data()), S.size_bytes());
}
template <typename T, size_t E, typename = std::enable_if_t<!std::is_const_v<T>>>
auto as_writable_bytes(span<T, E> S) noexcept {
  constexpr size_t B = E == dynamic_extent ? dynamic_extent : E * sizeof(T);
  return span<std::byte, B>(reinterpret_cast<std::byte *>(S.data()), S.size_bytes());
}

} // namespace sycl
