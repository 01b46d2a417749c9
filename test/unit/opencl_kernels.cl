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

// Two local arrays of the work-group's size: a mirrored within the group, b
// all ones (any overlap of a and b shows).
kernel void group_reverse(global int *out, local int *a, local int *b) {
  size_t lid = get_local_id(0), n = get_local_size(0), gid = get_global_id(0);
  a[lid] = (int)gid;
  b[lid] = 1;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[gid] = 2 * a[n - 1 - lid] + b[lid];
}
