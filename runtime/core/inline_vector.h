// inline_vector.h - a vector whose first N elements live inside it.
//
// The command graph's per-node lists (dependencies, the wait list) nearly
// always hold one or two events: an in-order predecessor, a depends_on. A
// std::vector allocates for the first element, and on the launch path of a
// small kernel those allocations and their frees are a sizeable share of the
// runtime's work. Elements stay inline up to N, then all move to the heap.
// T must be default-constructible and movable (shared_ptr, weak_ptr).
#pragma once

#include <array>
#include <cstddef>
#include <utility>
#include <vector>

namespace sycl::detail {

template <typename T, size_t N> class inline_vector {
public:
  using value_type = T;
  using iterator = T *;
  using const_iterator = const T *;

  inline_vector() = default;
  template <typename It> inline_vector(It first, It last) {
    for (; first != last; ++first)
      push_back(*first);
  }
  inline_vector(const inline_vector &o) : inline_vector(o.begin(), o.end()) {}
  inline_vector(inline_vector &&o) noexcept { *this = std::move(o); }
  inline_vector &operator=(const inline_vector &o) {
    if (this != &o) {
      clear();
      for (const T &v : o)
        push_back(v);
    }
    return *this;
  }
  inline_vector &operator=(inline_vector &&o) noexcept {
    if (this == &o)
      return *this;
    clear();
    if (o.on_heap()) {
      _heap = std::move(o._heap);
    } else {
      for (size_t i = 0; i < o._size; ++i)
        _inline[i] = std::move(o._inline[i]);
    }
    _size = o._size;
    o.clear();
    return *this;
  }

  T *begin() { return on_heap() ? _heap.data() : _inline.data(); }
  T *end() { return begin() + _size; }
  const T *begin() const { return on_heap() ? _heap.data() : _inline.data(); }
  const T *end() const { return begin() + _size; }
  size_t size() const { return _size; }
  bool empty() const { return _size == 0; }
  T &operator[](size_t i) { return begin()[i]; }
  const T &operator[](size_t i) const { return begin()[i]; }

  void push_back(T v) {
    if (!on_heap() && _size < N) {
      _inline[_size++] = std::move(v);
      return;
    }
    if (!on_heap()) { // the N+1st element: everything moves to the heap
      _heap.reserve(2 * N + 1);
      for (size_t i = 0; i < _size; ++i)
        _heap.push_back(std::exchange(_inline[i], T()));
    }
    _heap.push_back(std::move(v));
    ++_size;
  }
  /// Removes [first, last), keeping the order of the rest.
  T *erase(T *first, T *last) {
    T *out = std::move(last, end(), first);
    for (T *p = out; p != end(); ++p)
      *p = T();
    _size = size_t(out - begin());
    if (on_heap())
      _heap.resize(_size);
    return first;
  }
  void clear() {
    for (size_t i = 0; i < N; ++i)
      _inline[i] = T();
    _heap.clear();
    _heap.shrink_to_fit();
    _size = 0;
  }

private:
  bool on_heap() const { return !_heap.empty(); }

  std::array<T, N> _inline{};
  std::vector<T> _heap; // every element once there are more than N
  size_t _size = 0;
};

} // namespace sycl::detail
