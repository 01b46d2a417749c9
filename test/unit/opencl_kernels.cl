// Kernels for the OpenCL adapter tests, shaped like what the SMCP device
// passes produce: a USM pointer and by-value fields as parameters.

// out[i] = base + i
kernel void fill_ids(global int *out, int base) {
  size_t i = get_global_id(0);
  out[i] = base + (int)i;
}

// A 2-D launch: dimension 0 varies fastest (OpenCL order).
kernel void rows_cols(global int *out, long width) {
  size_t x = get_global_id(0), y = get_global_id(1);
  out[y * width + x] = (int)(y * 1000 + x);
}

kernel void no_args(void) {}
