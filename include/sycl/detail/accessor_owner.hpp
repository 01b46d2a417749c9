// The host's hold on an accessor's runtime record.
#pragma once

#include <memory>

namespace sycl::detail {

class accessor_impl;

/// A std::shared_ptr<accessor_impl> whose copies, assignments and
/// destruction are calls into libsycl (runtime/api/out_of_line_lifetimes.cpp).
/// Every command group copies its accessors into the kernel's functor and
/// destroys them again; inline reference counting there, with its
/// exception clean-ups, was most of each group's host code (issue 16).
class accessor_owner {
public:
  accessor_owner() noexcept = default;
  accessor_owner(std::shared_ptr<accessor_impl> Record) noexcept : MRecord(std::move(Record)) {}
  accessor_owner(const accessor_owner &Other) noexcept;
  accessor_owner(accessor_owner &&Other) noexcept;
  accessor_owner &operator=(const accessor_owner &Other) noexcept;
  accessor_owner &operator=(accessor_owner &&Other) noexcept;
  ~accessor_owner();

  const std::shared_ptr<accessor_impl> &shared() const noexcept { return MRecord; }
  accessor_impl *get() const noexcept { return MRecord.get(); }
  accessor_impl &operator*() const noexcept { return *MRecord; }
  void swap(accessor_owner &Other) noexcept { MRecord.swap(Other.MRecord); }
  friend bool operator==(const accessor_owner &A, const accessor_owner &B) noexcept {
    return A.get() == B.get();
  }

private:
  std::shared_ptr<accessor_impl> MRecord;
};

} // namespace sycl::detail
