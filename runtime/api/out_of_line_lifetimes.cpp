// out_of_line_lifetimes.cpp - the copies, moves and destruction of the
// header classes that every command group makes and drops (accessor
// records, property lists, events), defined here rather than inline so that
// each group's host code calls them instead of repeating them (issue 16:
// compile time of TUs with many command groups).
#include <sycl/detail/accessor_owner.hpp>
#include <sycl/event.hpp>
#include <sycl/property_list.hpp>

namespace sycl {

namespace detail {
accessor_owner::accessor_owner(const accessor_owner &Other) noexcept = default;
accessor_owner::accessor_owner(accessor_owner &&Other) noexcept = default;
accessor_owner &accessor_owner::operator=(const accessor_owner &Other) noexcept = default;
accessor_owner &accessor_owner::operator=(accessor_owner &&Other) noexcept = default;
accessor_owner::~accessor_owner() = default;
} // namespace detail

property_list::property_list(const property_list &Other) = default;
property_list::property_list(property_list &&Other) noexcept = default;
property_list &property_list::operator=(const property_list &Other) = default;
property_list &property_list::operator=(property_list &&Other) noexcept = default;
property_list::~property_list() = default;

event::event(const event &Other) = default;
event::event(event &&Other) noexcept = default;
event &event::operator=(const event &Other) = default;
event &event::operator=(event &&Other) noexcept = default;
event::~event() = default;

} // namespace sycl
