// Buffers (SYCL 2020 4.7.2): every constructor and when each writes back,
// set_final_data / set_write_back, sub-buffers, reinterpret, sizes, and the
// errors the specification names.
// RUN: %syclcc -O2 %s -o %t && %t | FileCheck %s
#include <sycl/sycl.hpp>

#include <cstdio>
#include <list>
#include <memory>
#include <numeric>
#include <vector>

using namespace sycl;

template <typename T, int D> void add_one(queue &Q, buffer<T, D> &B) {
  Q.submit([&](handler &H) {
    accessor A(B, H, read_write);
    H.parallel_for(B.get_range(), [=](id<D> I) { A[I] += 1; });
  });
}

int main() {
  queue Q;

  // T*: written back when the buffer dies.
  int Data[8];
  std::iota(Data, Data + 8, 0);
  {
    buffer<int> B(Data, range<1>(8));
    add_one(Q, B);
  }
  std::printf("ptr: %d %d\n", Data[0], Data[7]);
  // CHECK: ptr: 1 8

  // The buffer outlives the queue that wrote it: it still waits and writes back.
  {
    buffer<int> B(Data, range<1>(8));
    {
      queue Short;
      add_one(Short, B);
    }
  }
  std::printf("queue gone: %d\n", Data[0]);
  // CHECK: queue gone: 2

  // const T*: never written back.
  const int Const[4] = {5, 6, 7, 8};
  {
    buffer<int> B(Const, range<1>(4));
    add_one(Q, B);
    host_accessor H(B, read_only);
    std::printf("const ptr: buffer %d, host %d\n", H[0], Const[0]);
  }
  // CHECK: const ptr: buffer 6, host 5

  // set_write_back(false) and set_final_data(nullptr) cancel the write-back.
  {
    buffer<int> B(Data, range<1>(8));
    B.set_write_back(false);
    add_one(Q, B);
  }
  {
    buffer<int> B(Data, range<1>(8));
    B.set_final_data(nullptr);
    add_one(Q, B);
  }
  std::printf("no write-back: %d\n", Data[0]);
  // CHECK: no write-back: 2

  // A range buffer with set_final_data: a pointer, a weak_ptr, an iterator.
  std::vector<int> Out(4, -1);
  auto Shared = std::make_shared<int>(0);
  std::list<int> Listed(4, -1);
  {
    buffer<int> B(range<1>(4));
    buffer<int> W(range<1>(1));
    buffer<int> L(range<1>(4));
    B.set_final_data(Out.data());
    W.set_final_data(std::weak_ptr<int>(Shared));
    L.set_final_data(Listed.begin());
    Q.submit([&](handler &H) {
      accessor A(B, H, write_only, no_init);
      accessor AW(W, H, write_only, no_init);
      accessor AL(L, H, write_only, no_init);
      H.parallel_for(range<1>(4), [=](id<1> I) {
        A[I] = int(I) * 10;
        AL[I] = int(I) + 100;
        if (I[0] == 0)
          AW[0] = 42;
      });
    });
  }
  std::printf("final data: %d %d %d %d\n", Out[3], *Shared, Listed.front(), Listed.back());
  // CHECK: final data: 30 42 100 103

  // Containers: written back (non-const data). Iterators: copied, never written back.
  std::vector<int> Vec(6, 1);
  std::list<int> List(3, 7);
  {
    buffer B(Vec);
    buffer<int> I(List.begin(), List.end());
    add_one(Q, B);
    add_one(Q, I);
    host_accessor HI(I, read_only);
    std::printf("iterator buffer: %d\n", HI[2]);
  }
  // CHECK: iterator buffer: 8
  std::printf("container: %d, list: %d\n", Vec[5], List.back());
  // CHECK: container: 2, list: 7

  // shared_ptr: written back only while the user holds it.
  auto Held = std::shared_ptr<int>(new int[2]{1, 2}, std::default_delete<int[]>());
  auto Released = std::shared_ptr<int>(new int[2]{1, 2}, std::default_delete<int[]>());
  int *Peek = Released.get();
  (void)Peek;
  {
    buffer<int> BH(Held, range<1>(2));
    buffer<int> BR(Released, range<1>(2));
    Released.reset();
    add_one(Q, BH);
    add_one(Q, BR);
  }
  std::printf("shared_ptr: %d %d\n", Held.get()[0], Held.get()[1]);
  // CHECK: shared_ptr: 2 3
  std::unique_ptr<int[]> Unique(new int[1]{3});
  { buffer<int, 1> B{std::shared_ptr<int[]>(std::move(Unique)), range<1>(1)}; }

  // Sizes and deduction.
  buffer<int, 2> B2(range<2>(3, 4));
  std::printf("sizes: %zu %zu %zu\n", B2.size(), B2.byte_size(), B2.get_range()[1]);
  // CHECK: sizes: 12 48 4
  static_assert(std::is_same_v<buffer<const int>::allocator_type, buffer_allocator<int>>);
  static_assert(std::is_same_v<decltype(buffer(Vec)), buffer<int, 1>>);

  // Sub-buffers: rows of an 8x8 buffer; disjoint ones written independently.
  std::vector<int> Grid(64, 0);
  {
    buffer<int, 2> G(Grid.data(), range<2>(8, 8));
    buffer<int, 2> Top(G, id<2>(0, 0), range<2>(4, 8));
    buffer<int, 2> Bottom(G, id<2>(4, 0), range<2>(4, 8));
    std::printf("is_sub_buffer: %d %d\n", G.is_sub_buffer(), Top.is_sub_buffer());
    Q.submit([&](handler &H) {
      accessor A(Top, H, write_only);
      H.parallel_for(range<2>(4, 8), [=](id<2> I) { A[I] = 1; });
    });
    Q.submit([&](handler &H) {
      accessor A(Bottom, H, write_only);
      H.parallel_for(range<2>(4, 8), [=](id<2> I) { A[I] = int(I[0]) + 2; });
    });
    buffer<int, 2> Middle(G, id<2>(2, 0), range<2>(4, 8));
    Q.submit([&](handler &H) { // after both: it overlaps both
      accessor A(Middle, H, read_write);
      H.parallel_for(range<2>(4, 8), [=](id<2> I) { A[I] *= 10; });
    });
    int Errors = 0;
    auto expect_invalid = [&](auto F) {
      try {
        F();
      } catch (const exception &E) {
        Errors += E.code() == errc::invalid;
      }
    };
    expect_invalid([&] { buffer<int, 2> S(G, id<2>(2, 2), range<2>(2, 2)); });  // not contiguous
    expect_invalid([&] { buffer<int, 2> S(G, id<2>(6, 0), range<2>(4, 8)); });  // out of bounds
    expect_invalid([&] { buffer<int, 2> S(Top, id<2>(0, 0), range<2>(1, 8)); }); // of a sub-buffer
    std::printf("sub-buffer errors: %d\n", Errors);
  }
  // CHECK: is_sub_buffer: 0 1
  // CHECK: sub-buffer errors: 3
  std::printf("grid: %d %d %d %d\n", Grid[0], Grid[2 * 8], Grid[4 * 8 + 3], Grid[7 * 8]);
  // CHECK: grid: 1 10 20 5

  // reinterpret: the same memory as bytes.
  {
    buffer<int> I(range<1>(2));
    auto Bytes = I.reinterpret<unsigned char>(range<1>(8));
    Q.submit([&](handler &H) {
      accessor A(Bytes, H, write_only, no_init);
      H.parallel_for(range<1>(8), [=](id<1> K) { A[K] = K[0] < 4 ? 1 : 0; });
    });
    host_accessor H(I, read_only);
    std::printf("reinterpret: %#x %d\n", H[0], H[1]);
    try {
      I.reinterpret<char>(range<1>(7));
    } catch (const exception &E) {
      std::printf("bad reinterpret: %d\n", E.code() == errc::invalid);
    }
  }
  // CHECK: reinterpret: 0x1010101 0
  // CHECK: bad reinterpret: 1

  // Zero-sized buffers and a zero-sized kernel.
  {
    buffer<int> Empty(range<1>(0));
    Q.submit([&](handler &H) {
      accessor A(Empty, H, write_only, no_init);
      H.parallel_for(range<1>(0), [=](id<1> I) { A[I] = 1; });
    });
    Q.wait();
    std::printf("zero-sized: ok\n");
  }
  // CHECK: zero-sized: ok

  // use_host_ptr: the host accessor sees the host memory itself.
  int Own[4] = {0, 0, 0, 0};
  {
    buffer<int> B(Own, range<1>(4), {property::buffer::use_host_ptr()});
    add_one(Q, B);
    host_accessor H(B);
    std::printf("use_host_ptr: %d %d\n", &H[0] == Own, H[3]);
  }
  // CHECK: use_host_ptr: 1 1
  return 0;
}
