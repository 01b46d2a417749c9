// spirv_scan.cpp - a reader of the few SPIR-V instructions spirv_scan.h
// needs (SPIR-V 1.x: a 5-word header, then instructions whose first word is
// word count << 16 | opcode).
#include "spirv_scan.h"

#include <cstring>
#include <map>

namespace smcp::adapter {
namespace {

constexpr uint32_t spirv_magic = 0x07230203;
constexpr size_t header_words = 5;

// Opcodes, decorations and storage classes of the SPIR-V specification.
constexpr uint32_t op_entry_point = 15;
constexpr uint32_t op_type_int = 21;
constexpr uint32_t op_type_float = 22;
constexpr uint32_t op_type_pointer = 32;
constexpr uint32_t op_spec_constant_true = 48;
constexpr uint32_t op_spec_constant_false = 49;
constexpr uint32_t op_spec_constant = 50;
constexpr uint32_t op_function = 54;
constexpr uint32_t op_function_parameter = 55;
constexpr uint32_t op_decorate = 71;
constexpr uint32_t decoration_spec_id = 1;
constexpr uint32_t execution_model_kernel = 6;
constexpr uint32_t storage_workgroup = 4;
constexpr uint32_t storage_cross_workgroup = 5;
constexpr uint32_t storage_generic = 8;

std::vector<uint32_t> words_of(const void *spirv, size_t size) {
  std::vector<uint32_t> words(size / 4);
  std::memcpy(words.data(), spirv, words.size() * 4);
  return words;
}

/// Calls f(opcode, operands, count) for each instruction after the header.
template <typename F> void for_each_instruction(const std::vector<uint32_t> &w, F f) {
  for (size_t i = header_words; i < w.size();) {
    const uint32_t count = w[i] >> 16, opcode = w[i] & 0xffff;
    if (count == 0 || i + count > w.size())
      return;
    f(opcode, &w[i + 1], count - 1);
    i += count;
  }
}

/// A literal string operand (NUL-terminated, padded to whole words).
std::string literal_string(const uint32_t *operands, size_t count) {
  const char *p = reinterpret_cast<const char *>(operands);
  return std::string(p, strnlen(p, count * 4));
}

} // namespace

bool spirv_check_structure(const void *spirv, size_t size, std::string &error) {
  uint32_t first = 0;
  if (size >= 4)
    std::memcpy(&first, spirv, 4);
  if (size < header_words * 4 || size % 4 != 0 || first != spirv_magic) {
    error = "the image is not a SPIR-V module (" + std::to_string(size) +
            " bytes, no SPIR-V header)";
    return false;
  }
  const std::vector<uint32_t> w = words_of(spirv, size);
  for (size_t i = header_words; i < w.size();) {
    const uint32_t count = w[i] >> 16;
    if (count == 0 || i + count > w.size()) {
      error = "the SPIR-V module is malformed: the instruction at word " + std::to_string(i) +
              " has a word count of " + std::to_string(count) + " in a module of " +
              std::to_string(w.size()) + " words";
      return false;
    }
    i += count;
  }
  return true;
}

std::vector<uint32_t> spirv_spec_ids(const void *spirv, size_t size) {
  std::vector<uint32_t> ids;
  for_each_instruction(words_of(spirv, size), [&](uint32_t op, const uint32_t *o, size_t n) {
    if (op == op_decorate && n >= 3 && o[1] == decoration_spec_id)
      ids.push_back(o[2]);
  });
  return ids;
}

std::vector<std::pair<uint32_t, uint32_t>> spirv_spec_constant_sizes(const void *spirv,
                                                                     size_t size) {
  std::map<uint32_t, uint32_t> id_of_result, type_width, result_size;
  for_each_instruction(words_of(spirv, size), [&](uint32_t op, const uint32_t *o, size_t n) {
    if (op == op_decorate && n >= 3 && o[1] == decoration_spec_id)
      id_of_result[o[0]] = o[2];
    else if ((op == op_type_int || op == op_type_float) && n >= 2)
      type_width[o[0]] = o[1] / 8;
    else if ((op == op_spec_constant_true || op == op_spec_constant_false) && n >= 2)
      result_size[o[1]] = 1;
    else if (op == op_spec_constant && n >= 2)
      result_size[o[1]] = type_width.count(o[0]) ? type_width[o[0]] : 0;
  });
  std::vector<std::pair<uint32_t, uint32_t>> sizes;
  for (const auto &[result, id] : id_of_result)
    if (result_size.count(result))
      sizes.emplace_back(id, result_size[result]);
  return sizes;
}

std::vector<std::string> spirv_kernel_names(const void *spirv, size_t size) {
  std::vector<std::string> names;
  for_each_instruction(words_of(spirv, size), [&](uint32_t op, const uint32_t *o, size_t n) {
    if (op == op_entry_point && n >= 3 && o[0] == execution_model_kernel)
      names.push_back(literal_string(o + 2, n - 2));
  });
  return names;
}

bool spirv_kernel_params(const void *spirv, size_t size, const std::string &kernel,
                         std::vector<smcp_arg_kind> &out) {
  const std::vector<uint32_t> w = words_of(spirv, size);
  uint32_t function = 0;
  std::map<uint32_t, uint32_t> pointer_storage; // pointer type id -> storage class
  for_each_instruction(w, [&](uint32_t op, const uint32_t *o, size_t n) {
    if (op == op_entry_point && n >= 3 && o[0] == execution_model_kernel &&
        literal_string(o + 2, n - 2) == kernel)
      function = o[1];
    else if (op == op_type_pointer && n >= 3)
      pointer_storage[o[0]] = o[1];
  });
  if (function == 0)
    return false;
  out.clear();
  bool inside = false, done = false;
  for_each_instruction(w, [&](uint32_t op, const uint32_t *o, size_t n) {
    if (done)
      return;
    if (op == op_function && n >= 2) {
      if (inside)
        done = true;
      inside = o[1] == function;
    } else if (inside && op == op_function_parameter && n >= 2) {
      auto it = pointer_storage.find(o[0]);
      smcp_arg_kind kind = SMCP_ARG_VALUE;
      if (it != pointer_storage.end()) {
        if (it->second == storage_workgroup)
          kind = SMCP_ARG_LOCAL;
        else if (it->second == storage_cross_workgroup || it->second == storage_generic)
          kind = SMCP_ARG_POINTER;
      }
      out.push_back(kind);
    } else if (inside && op != op_function_parameter) {
      done = true;
    }
  });
  return true;
}

} // namespace smcp::adapter
