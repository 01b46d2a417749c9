// node_allocator.h - recycled memory for command-graph nodes.
//
// A queue of many small kernels creates and frees one node per command, often
// thousands at a time (a wait ends a long in-order chain). Through malloc each
// burst of frees lets the heap shrink and the next burst of submissions fault
// the pages back in, and the frees miss malloc's small per-thread caches. Here
// freed nodes wait for the next ones, up to a bound beyond which blocks go
// back to the heap.
// Sanitizer builds use the heap directly, so use-after-free stays visible.
#pragma once

#include <cstddef>
#include <mutex>
#include <new>

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define SMCP_NODE_ALLOCATOR_USES_HEAP 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define SMCP_NODE_ALLOCATOR_USES_HEAP 1
#endif
#endif

namespace sycl::detail {

/// Freed blocks of one size, for the next nodes: a short list per thread,
/// then one for the process, since nodes are often freed on another thread
/// than the one that made them (a waiting thread, the pool).
template <size_t Size> class block_cache {
public:
  /// At most this many blocks wait (for a 450-byte node, 7 MB).
  static constexpr size_t max_blocks = 16384;

  static void *take() {
    local_blocks *l = local();
    if (l && l->head) {
      free_block *b = l->head;
      l->head = b->next;
      --l->count;
      return b;
    }
    block_cache &c = get();
    {
      std::lock_guard<std::mutex> lock(c._mutex);
      if (free_block *b = c._head) {
        c._head = b->next;
        --c._count;
        return b;
      }
    }
    return ::operator new(Size);
  }
  static void give(void *p) {
    local_blocks *l = local();
    if (l && l->count < local_max) {
      l->head = new (p) free_block{l->head};
      ++l->count;
      return;
    }
    give_shared(p);
  }

private:
  struct free_block {
    free_block *next;
  };
  /// Each thread first keeps a few freed blocks of its own: a thread that
  /// submits and waits frees and takes them itself, without the lock.
  static constexpr size_t local_max = 256;
  struct local_blocks {
    free_block *head = nullptr;
    size_t count = 0;
    ~local_blocks() { // the thread ends: its blocks go to the shared list
      gone() = true;
      while (free_block *b = head) {
        head = b->next;
        give_shared(b);
      }
    }
  };
  /// Set once the thread's list is destroyed (a node freed later by
  /// another thread-local's destructor goes to the shared list).
  static bool &gone() {
    static thread_local bool flag = false;
    return flag;
  }
  static local_blocks *local() {
    if (gone())
      return nullptr;
    static thread_local local_blocks blocks;
    return &blocks;
  }
  static void give_shared(void *p) {
    block_cache &c = get();
    {
      std::lock_guard<std::mutex> lock(c._mutex);
      if (c._count < max_blocks) {
        c._head = new (p) free_block{c._head};
        ++c._count;
        return;
      }
    }
    ::operator delete(p);
  }
  static block_cache &get() {
    static block_cache *c = new block_cache; // never destroyed: nodes may be freed at exit
    return *c;
  }

  std::mutex _mutex;
  free_block *_head = nullptr;
  size_t _count = 0;
};

/// An allocator for std::allocate_shared of graph nodes.
template <typename T> struct node_allocator {
  using value_type = T;
  node_allocator() = default;
  template <typename U> node_allocator(const node_allocator<U> &) {}

  T *allocate(size_t n) {
#ifndef SMCP_NODE_ALLOCATOR_USES_HEAP
    if (n == 1)
      return static_cast<T *>(block_cache<block_size>::take());
#endif
    return static_cast<T *>(::operator new(n * sizeof(T)));
  }
  void deallocate(T *p, size_t n) {
#ifndef SMCP_NODE_ALLOCATOR_USES_HEAP
    if (n == 1)
      return block_cache<block_size>::give(p);
#endif
    ::operator delete(p);
  }
  template <typename U> bool operator==(const node_allocator<U> &) const { return true; }
  template <typename U> bool operator!=(const node_allocator<U> &) const { return false; }

private:
  static_assert(alignof(T) <= alignof(std::max_align_t), "over-aligned nodes need another cache");
  /// Rounded so that node types of nearly the same size share a cache.
  static constexpr size_t block_size = (sizeof(T) + 63) / 64 * 64;
};

} // namespace sycl::detail
