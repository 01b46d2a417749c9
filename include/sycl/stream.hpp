// sycl::stream (SYCL 2020 4.16): formatted output from kernels.
//
// The command group gives the stream a buffer (handler::stream_buffer: shared
// memory of the context's temporary pool, laid out as
// detail/abi/stream_buffer.h says). In a kernel each operator<< formats its
// item and appends it as one record tagged with the work-item's global linear
// id (an atomic add reserves the space); when the command has finished - a
// wait sees it, or its event goes - the runtime prints the records to stdout
// grouped by work-item, so different work-items' text never interleaves.
// The buffer holds totalBufferSize bytes of text (plus 16 bytes a record);
// what does not fit is dropped and the runtime says so.
#pragma once

#include "detail/abi/stream_buffer.h"
#include "detail/builtins.hpp"
#include "detail/common.hpp"
#include "detail/stream_format.hpp"
#include "group.hpp"
#include "h_item.hpp"
#include "half.hpp"
#include "handler.hpp"
#include "item.hpp"
#include "nd_range.hpp"
#include "property_list.hpp"
#include "vec.hpp"

#include <cstddef>
#include <cstdint>
#include <type_traits>

// The buffer is global memory, and says so: OpenCL 1.2 devices (PoCL) have
// no atomics on generic pointers, and the optimiser cannot always trace the
// stream's pointer back to its kernel argument.
#ifdef __SYCL_DEVICE_ONLY__
#define SMCP_STREAM_GLOBAL __attribute__((opencl_global))
extern __attribute__((nothrow)) unsigned int
__spirv_AtomicIAdd(SMCP_STREAM_GLOBAL unsigned int *, int, int, unsigned int);
#else
#define SMCP_STREAM_GLOBAL
#endif

namespace sycl {

enum class stream_manipulator {
  flush,
  dec,
  hex,
  oct,
  noshowbase,
  showbase,
  noshowpos,
  showpos,
  endl,
  fixed,
  scientific,
  hexfloat,
  defaultfloat
};

inline constexpr stream_manipulator flush = stream_manipulator::flush;
inline constexpr stream_manipulator dec = stream_manipulator::dec;
inline constexpr stream_manipulator hex = stream_manipulator::hex;
inline constexpr stream_manipulator oct = stream_manipulator::oct;
inline constexpr stream_manipulator noshowbase = stream_manipulator::noshowbase;
inline constexpr stream_manipulator showbase = stream_manipulator::showbase;
inline constexpr stream_manipulator noshowpos = stream_manipulator::noshowpos;
inline constexpr stream_manipulator showpos = stream_manipulator::showpos;
inline constexpr stream_manipulator endl = stream_manipulator::endl;
inline constexpr stream_manipulator fixed = stream_manipulator::fixed;
inline constexpr stream_manipulator scientific = stream_manipulator::scientific;
inline constexpr stream_manipulator hexfloat = stream_manipulator::hexfloat;
inline constexpr stream_manipulator defaultfloat = stream_manipulator::defaultfloat;

namespace detail {
struct precision_manipulator {
  int precision;
};
struct width_manipulator {
  int width;
};
/// Bytes after the header: the text plus a record header for every 16 bytes
/// of it (short items are common), at most what the 32-bit offset counts.
inline size_t stream_capacity(size_t TotalBufferSize) {
  size_t Capacity = TotalBufferSize * 2 + 1024;
  return Capacity < (size_t(1) << 30) ? Capacity : (size_t(1) << 30);
}

} // namespace detail

inline detail::precision_manipulator setprecision(int Precision) { return {Precision}; }
inline detail::width_manipulator setw(int Width) { return {Width}; }

class stream {
public:
  stream(size_t TotalBufferSize, size_t WorkItemBufferSize, handler &CGH,
         const property_list & = {})
      : Size(TotalBufferSize), WorkItemSize(WorkItemBufferSize) {
    size_t Capacity = detail::stream_capacity(TotalBufferSize);
    // (A C cast: in the device compile it changes the address space.)
    Buffer = (SMCP_STREAM_GLOBAL char *)detail::header_access::stream_buffer(CGH, Capacity);
  }

  size_t size() const noexcept { return Size; }
  size_t get_size() const { return Size; }
  size_t get_work_item_buffer_size() const { return WorkItemSize; }
  /// Deprecated in SYCL 2020: the work-item buffer size.
  size_t get_max_statement_size() const { return WorkItemSize; }
  size_t get_precision() const { return size_t(Format.precision); }
  stream_manipulator get_stmt_mode() const { return Mode; }

  friend bool operator==(const stream &A, const stream &B) { return A.Buffer == B.Buffer; }
  friend bool operator!=(const stream &A, const stream &B) { return !(A == B); }

  /// Appends Text as one record of the calling work-item (device code).
  void write(const char *Text, size_t Length) const;
  detail::stream_format &format() const { return Format; }
  void set_mode(stream_manipulator M) const { Mode = M; }

private:
  SMCP_STREAM_GLOBAL char *Buffer = nullptr; // header + records; a USM pointer argument
  size_t Size = 0, WorkItemSize = 0;
  mutable detail::stream_format Format;
  mutable stream_manipulator Mode = stream_manipulator::dec;
};

namespace detail {

inline uint64_t stream_work_item() {
  uint64_t Id = 0;
  for (int D = 0; D < 3; ++D)
    Id = Id * query_index<index_query::global_size, 3>(D) +
         (query_index<index_query::global_id, 3>(D) -
          query_index<index_query::global_offset, 3>(D));
  return Id;
}

/// Pads Text (Length bytes in a stream_piece_max buffer) on the left to the
/// pending width, which applies to one item only.
inline size_t apply_width(char *Text, size_t Length, stream_format &F) {
  size_t Width = F.width > 0 ? size_t(F.width) : 0;
  F.width = 0;
  if (Width <= Length || Width > stream_piece_max)
    return Length;
  size_t Pad = Width - Length;
  __builtin_memmove(Text + Pad, Text, Length);
  __builtin_memset(Text, ' ', Pad);
  return Width;
}

inline void write_piece(const stream &S, char *Text, size_t Length) {
  S.write(Text, apply_width(Text, Length, S.format()));
}

} // namespace detail

inline void stream::write(const char *Text, size_t Length) const {
#ifdef __SYCL_DEVICE_ONLY__
  using smcp::abi::stream_header;
  using smcp::abi::stream_record;
  auto *Header = reinterpret_cast<SMCP_STREAM_GLOBAL stream_header *>(Buffer);
  uint32_t Bytes = uint32_t(smcp::abi::stream_record_size(Length));
  uint32_t At = __spirv_AtomicIAdd(&Header->used, detail::spirv_scope(memory_scope::device),
                                   detail::spirv_semantics(memory_order::relaxed), Bytes);
  if (uint64_t(At) + Bytes > Header->capacity)
    return; // full: the runtime reports the loss
  SMCP_STREAM_GLOBAL char *Record = Buffer + sizeof(stream_header) + At;
  auto *R = reinterpret_cast<SMCP_STREAM_GLOBAL stream_record *>(Record);
  R->work_item = detail::stream_work_item();
  R->length = uint32_t(Length);
  R->reserved = 0;
  // memcpy, not a loop: the loop vectoriser's vectors of pointers are more
  // than translator 15 takes.
  __builtin_memcpy(Record + sizeof(stream_record), Text, Length);
#else
  (void)Text;
  (void)Length; // streams write in kernels only
#endif
}

// --- operator<< -------------------------------------------------------------

inline const stream &operator<<(const stream &S, const char *Text) {
  size_t N = 0;
  while (Text[N])
    ++N;
  if (S.format().width > 0 && N < detail::stream_piece_max) {
    char Piece[detail::stream_piece_max];
    __builtin_memcpy(Piece, Text, N);
    detail::write_piece(S, Piece, N);
  } else {
    S.format().width = 0;
    S.write(Text, N);
  }
  return S;
}

inline const stream &operator<<(const stream &S, char *Text) {
  return S << static_cast<const char *>(Text);
}

inline const stream &operator<<(const stream &S, char C) {
  char Piece[detail::stream_piece_max] = {C};
  detail::write_piece(S, Piece, 1);
  return S;
}

inline const stream &operator<<(const stream &S, bool B) { return S << (B ? "true" : "false"); }

template <typename T>
std::enable_if_t<std::is_integral_v<T> && !std::is_same_v<T, char> && !std::is_same_v<T, bool>,
                 const stream &>
operator<<(const stream &S, T V) {
  char Piece[detail::stream_piece_max];
  bool Negative = std::is_signed_v<T> && V < 0;
  uint64_t Magnitude = Negative ? uint64_t(0) - uint64_t(V) : uint64_t(V);
  detail::write_piece(S, Piece, detail::put_integer(Piece, Magnitude, Negative, S.format()));
  return S;
}

template <typename T>
std::enable_if_t<std::is_floating_point_v<T>, const stream &> operator<<(const stream &S, T V) {
  char Piece[detail::stream_piece_max];
  using R = std::conditional_t<(sizeof(T) > 4), double, float>;
  detail::write_piece(S, Piece, detail::put_float(Piece, R(V), S.format()));
  return S;
}

inline const stream &operator<<(const stream &S, half V) { return S << float(V); }

template <typename T> const stream &operator<<(const stream &S, T *Pointer) {
  char Piece[detail::stream_piece_max];
  detail::stream_format Hex;
  Hex.base = 16;
  Hex.show_base = true;
  Hex.width = S.format().width;
  S.format().width = 0;
  size_t N = detail::put_integer(Piece, uint64_t(reinterpret_cast<uintptr_t>(Pointer)), false, Hex);
  S.write(Piece, detail::apply_width(Piece, N, Hex));
  return S;
}

inline const stream &operator<<(const stream &S, stream_manipulator M) {
  detail::stream_format &F = S.format();
  switch (M) {
  case stream_manipulator::dec: F.base = 10; break;
  case stream_manipulator::hex: F.base = 16; break;
  case stream_manipulator::oct: F.base = 8; break;
  case stream_manipulator::showbase: F.show_base = true; break;
  case stream_manipulator::noshowbase: F.show_base = false; break;
  case stream_manipulator::showpos: F.show_pos = true; break;
  case stream_manipulator::noshowpos: F.show_pos = false; break;
  case stream_manipulator::fixed: F.floats = detail::float_style::fixed; break;
  case stream_manipulator::scientific: F.floats = detail::float_style::scientific; break;
  // No hexadecimal floats: defaultfloat's notation instead.
  case stream_manipulator::hexfloat:
  case stream_manipulator::defaultfloat: F.floats = detail::float_style::general; break;
  case stream_manipulator::endl: S.write("\n", 1); break;
  case stream_manipulator::flush: break; // records are complete as written
  }
  S.set_mode(M);
  return S;
}

inline const stream &operator<<(const stream &S, detail::precision_manipulator P) {
  S.format().precision = P.precision;
  return S;
}
inline const stream &operator<<(const stream &S, detail::width_manipulator W) {
  S.format().width = W.width;
  return S;
}

// SYCL types, as {a, b, c}.
namespace detail {
template <typename Seq> const stream &print_sequence(const stream &S, const Seq &V, int N) {
  S << "{";
  for (int I = 0; I < N; ++I)
    S << (I ? ", " : "") << V[I];
  return S << "}";
}
} // namespace detail

template <int Dims> const stream &operator<<(const stream &S, const id<Dims> &V) {
  return detail::print_sequence(S, V, Dims);
}
template <int Dims> const stream &operator<<(const stream &S, const range<Dims> &V) {
  return detail::print_sequence(S, V, Dims);
}
template <typename T, int N> const stream &operator<<(const stream &S, const vec<T, N> &V) {
  return detail::print_sequence(S, V, N);
}
template <int Dims, bool WithOffset>
const stream &operator<<(const stream &S, const item<Dims, WithOffset> &It) {
  S << "item(range: " << It.get_range() << ", id: " << It.get_id();
  if constexpr (WithOffset)
    S << ", offset: " << It.get_offset();
  return S << ")";
}
template <int Dims> const stream &operator<<(const stream &S, const nd_range<Dims> &R) {
  return S << "nd_range(global_range: " << R.get_global_range()
           << ", local_range: " << R.get_local_range() << ", offset: " << R.get_offset() << ")";
}
template <int Dims> const stream &operator<<(const stream &S, const nd_item<Dims> &It) {
  return S << "nd_item(global_id: " << It.get_global_id() << ", local_id: " << It.get_local_id()
           << ")";
}
template <int Dims> const stream &operator<<(const stream &S, const group<Dims> &G) {
  return S << "group(id: " << G.get_group_id() << ", range: " << G.get_group_range() << ")";
}
template <int Dims> const stream &operator<<(const stream &S, const h_item<Dims> &It) {
  return S << "h_item(global: " << It.get_global() << ", logical_local: " << It.get_logical_local()
           << ", physical_local: " << It.get_physical_local() << ")";
}

} // namespace sycl
