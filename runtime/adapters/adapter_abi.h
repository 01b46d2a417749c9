/* adapter_abi.h - the one C interface between libsycl and a backend adapter.
 *
 * An adapter is a shared library libsmcp_adapter_<backend>.so exporting
 * smcp_adapter_get_table(). libsycl dlopens it, asks for its table and calls
 * nothing else. No C++ type and no exception crosses this boundary: every
 * entry returns smcp_result, outputs go through trailing pointers, and the
 * details of the last failure on the calling thread are read with
 * get_last_error (backend, native call, native code, message - for a failed
 * build the message holds the build log).
 *
 * Conventions for every entry:
 * - Handles are opaque. The adapter owns what it returns until the matching
 *   *_release; platforms and devices live until the process ends.
 * - libsycl validates arguments before calling (sizes, null pointers, pointer
 *   ownership, launch geometry against the device's capabilities): adapters
 *   only assert their preconditions.
 * - Threads: every entry may be called from several threads at once unless
 *   its comment says otherwise. Launches are stateless (arguments travel with
 *   each enqueue_launch), so no kernel handle needs a lock. Calls on one
 *   queue are made in submission order by libsycl; an adapter whose backend
 *   needs more (a command list appended by one thread at a time) keeps a
 *   mutex per queue.
 * - Dimensions are in the backend's order (dimension 0 varies fastest).
 * - Optional entries may be NULL; libsycl checks before calling.
 * - Versions: the table only grows, by appending entries. libsycl passes the
 *   version and size of its table; the adapter writes at most that many bytes
 *   and sets abi_version/table_size to its own, so entries an older adapter
 *   does not know stay NULL in libsycl's zeroed table. libsycl accepts any
 *   version from SMCP_ADAPTER_ABI_MIN_VERSION on.
 */
#ifndef SMCP_ADAPTER_ABI_H
#define SMCP_ADAPTER_ABI_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#ifdef __cplusplus
extern "C" {
#endif

#define SMCP_ADAPTER_ABI_VERSION 8u
/* The oldest table libsycl can drive: version 5 gave every enqueue the
 * purpose of the event it returns (smcp_event_purpose). */
#define SMCP_ADAPTER_ABI_MIN_VERSION 5u
#define SMCP_ADAPTER_ENTRY_POINT "smcp_adapter_get_table"

typedef enum smcp_result {
  SMCP_SUCCESS = 0,
  SMCP_ERROR_INVALID_ARGUMENT = 1,
  SMCP_ERROR_OUT_OF_MEMORY = 2,
  SMCP_ERROR_BUILD_FAILED = 3,    /* message holds the build log */
  SMCP_ERROR_UNSUPPORTED = 4,     /* the device or adapter cannot do this */
  SMCP_ERROR_NOT_FOUND = 5,       /* e.g. no kernel of that name in a program */
  SMCP_ERROR_DEVICE_LOST = 6,
  SMCP_ERROR_UNINITIALIZED = 7,   /* the backend's driver/ICD is not usable */
  SMCP_ERROR_VERSION_MISMATCH = 8,
  SMCP_ERROR_BACKEND = 9,         /* any other native failure: see native_code */
  SMCP_ERROR_INVALID_GEOMETRY = 10 /* a launch's sizes do not fit the device (errc::nd_range) */
} smcp_result;

typedef enum smcp_backend {
  SMCP_BACKEND_OPENCL = 1,
  SMCP_BACKEND_LEVEL_ZERO = 2,
  SMCP_BACKEND_CUDA = 3
} smcp_backend;

typedef enum smcp_device_type {
  SMCP_DEVICE_TYPE_CPU = 1,
  SMCP_DEVICE_TYPE_GPU = 2,
  SMCP_DEVICE_TYPE_ACCELERATOR = 4
} smcp_device_type;

typedef enum smcp_platform_info {
  SMCP_PLATFORM_INFO_NAME = 1,    /* char[] */
  SMCP_PLATFORM_INFO_VENDOR = 2,  /* char[] */
  SMCP_PLATFORM_INFO_VERSION = 3, /* char[] */
  SMCP_PLATFORM_INFO_PROFILE = 4, /* char[]: "FULL_PROFILE" or "EMBEDDED_PROFILE" */
  SMCP_PLATFORM_INFO_EXTENSIONS = 5 /* char[]: names separated by spaces (may be empty) */
} smcp_platform_info;

typedef enum smcp_device_info {
  SMCP_DEVICE_INFO_NAME = 1,                /* char[] */
  SMCP_DEVICE_INFO_VENDOR = 2,              /* char[] */
  SMCP_DEVICE_INFO_DRIVER_VERSION = 3,      /* char[] */
  SMCP_DEVICE_INFO_VERSION = 4,             /* char[] */
  SMCP_DEVICE_INFO_TYPE = 5,                /* uint32_t smcp_device_type */
  SMCP_DEVICE_INFO_VENDOR_ID = 6,           /* uint32_t */
  SMCP_DEVICE_INFO_MAX_COMPUTE_UNITS = 7,   /* uint32_t */
  SMCP_DEVICE_INFO_MAX_WORK_GROUP_SIZE = 8, /* uint64_t */
  SMCP_DEVICE_INFO_MAX_WORK_ITEM_SIZES = 9, /* uint64_t[3], backend order */
  SMCP_DEVICE_INFO_MAX_CLOCK_FREQUENCY = 10,/* uint32_t, MHz */
  SMCP_DEVICE_INFO_GLOBAL_MEM_SIZE = 11,    /* uint64_t */
  SMCP_DEVICE_INFO_LOCAL_MEM_SIZE = 12,     /* uint64_t */
  SMCP_DEVICE_INFO_MAX_MEM_ALLOC_SIZE = 13, /* uint64_t */
  SMCP_DEVICE_INFO_MEM_BASE_ADDR_ALIGN = 14,/* uint32_t, bits */
  SMCP_DEVICE_INFO_FP16 = 15,               /* uint32_t bool */
  SMCP_DEVICE_INFO_FP64 = 16,               /* uint32_t bool */
  SMCP_DEVICE_INFO_ATOMIC64 = 17,           /* uint32_t bool */
  SMCP_DEVICE_INFO_ADDRESS_BITS = 18,       /* uint32_t */
  /* uint32_t[7]: char, short, int, long, float, double, half (0: type unsupported) */
  SMCP_DEVICE_INFO_PREFERRED_VECTOR_WIDTHS = 19,
  SMCP_DEVICE_INFO_NATIVE_VECTOR_WIDTHS = 20,
  /* 21-27 are retired (SMCP_DEVICE_INFO_RETIRED): they asked for the backend's own image
     limits, but SMCP's images are memory objects and libsycl answers their limits
     (runtime/api/device_info.cpp). */
  SMCP_DEVICE_INFO_MAX_PARAMETER_SIZE = 28, /* uint64_t, bytes of kernel arguments */
  SMCP_DEVICE_INFO_HALF_FP_CONFIG = 29,     /* uint32_t smcp_fp_config bits (0: no such type) */
  SMCP_DEVICE_INFO_SINGLE_FP_CONFIG = 30,   /* uint32_t smcp_fp_config bits */
  SMCP_DEVICE_INFO_DOUBLE_FP_CONFIG = 31,   /* uint32_t smcp_fp_config bits (0: no such type) */
  SMCP_DEVICE_INFO_GLOBAL_MEM_CACHE_TYPE = 32, /* uint32_t smcp_cache_type */
  SMCP_DEVICE_INFO_GLOBAL_MEM_CACHE_LINE_SIZE = 33, /* uint32_t, bytes */
  SMCP_DEVICE_INFO_GLOBAL_MEM_CACHE_SIZE = 34, /* uint64_t, bytes */
  SMCP_DEVICE_INFO_MAX_CONSTANT_BUFFER_SIZE = 35, /* uint64_t, bytes */
  SMCP_DEVICE_INFO_MAX_CONSTANT_ARGS = 36,  /* uint32_t */
  SMCP_DEVICE_INFO_LOCAL_MEM_TYPE = 37,     /* uint32_t smcp_local_mem_type */
  SMCP_DEVICE_INFO_ERROR_CORRECTION = 38,   /* uint32_t bool */
  SMCP_DEVICE_INFO_HOST_UNIFIED_MEMORY = 39,/* uint32_t bool */
  SMCP_DEVICE_INFO_ATOMIC_MEMORY_CAPS = 40, /* uint32_t smcp_atomic_caps bits (atomic operations) */
  SMCP_DEVICE_INFO_ATOMIC_FENCE_CAPS = 41,  /* uint32_t smcp_atomic_caps bits (fences) */
  SMCP_DEVICE_INFO_PROFILING_TIMER_RESOLUTION = 42, /* uint64_t, ns */
  SMCP_DEVICE_INFO_ENDIAN_LITTLE = 43,      /* uint32_t bool */
  SMCP_DEVICE_INFO_AVAILABLE = 44,          /* uint32_t bool */
  SMCP_DEVICE_INFO_EXTENSIONS = 45,         /* char[]: names separated by spaces (may be empty) */
  SMCP_DEVICE_INFO_BUILT_IN_KERNELS = 46,   /* char[]: names separated by ';' (may be empty) */
  SMCP_DEVICE_INFO_PROFILE = 47,            /* char[] */
  SMCP_DEVICE_INFO_PRINTF_BUFFER_SIZE = 48, /* uint64_t, bytes */
  SMCP_DEVICE_INFO_PREFERRED_INTEROP_USER_SYNC = 49, /* uint32_t bool */
  SMCP_DEVICE_INFO_USM_ATOMIC_HOST = 50,    /* uint32_t bool: atomics on host USM seen by host and device */
  SMCP_DEVICE_INFO_USM_ATOMIC_SHARED = 51,  /* uint32_t bool: the same for shared USM */
  SMCP_DEVICE_INFO_USM_SYSTEM = 52          /* uint32_t bool: kernels may use any host pointer */
  /* A query an adapter does not answer returns SMCP_ERROR_UNSUPPORTED (libsycl then
   * raises errc::feature_not_supported, or does not claim the aspect behind it).
   * What decides how libsycl drives the device is in smcp_device_caps. */
} smcp_device_info;

/* Numbers of smcp_device_info no longer asked for; adapters need not know them. */
#define SMCP_DEVICE_INFO_RETIRED(what) ((what) >= 21 && (what) <= 27)

/* Bits of SMCP_DEVICE_INFO_*_FP_CONFIG. */
typedef enum smcp_fp_config {
  SMCP_FP_DENORM = 1u << 0,
  SMCP_FP_INF_NAN = 1u << 1,
  SMCP_FP_ROUND_TO_NEAREST = 1u << 2,
  SMCP_FP_ROUND_TO_ZERO = 1u << 3,
  SMCP_FP_ROUND_TO_INF = 1u << 4,
  SMCP_FP_FMA = 1u << 5,
  SMCP_FP_SOFT_FLOAT = 1u << 6,
  SMCP_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT = 1u << 7
} smcp_fp_config;

/* Values of SMCP_DEVICE_INFO_GLOBAL_MEM_CACHE_TYPE. */
typedef enum smcp_cache_type {
  SMCP_CACHE_NONE = 0,
  SMCP_CACHE_READ_ONLY = 1,
  SMCP_CACHE_READ_WRITE = 2
} smcp_cache_type;

/* Values of SMCP_DEVICE_INFO_LOCAL_MEM_TYPE. */
typedef enum smcp_local_mem_type {
  SMCP_LOCAL_MEM_NONE = 0,
  SMCP_LOCAL_MEM_LOCAL = 1, /* dedicated local memory */
  SMCP_LOCAL_MEM_GLOBAL = 2 /* carved out of global memory */
} smcp_local_mem_type;

/* Bits of SMCP_DEVICE_INFO_ATOMIC_*_CAPS: the memory orders, then the scopes. */
typedef enum smcp_atomic_caps {
  SMCP_ATOMIC_ORDER_RELAXED = 1u << 0,
  SMCP_ATOMIC_ORDER_ACQUIRE = 1u << 1,
  SMCP_ATOMIC_ORDER_RELEASE = 1u << 2,
  SMCP_ATOMIC_ORDER_ACQ_REL = 1u << 3,
  SMCP_ATOMIC_ORDER_SEQ_CST = 1u << 4,
  SMCP_ATOMIC_SCOPE_WORK_ITEM = 1u << 8,
  SMCP_ATOMIC_SCOPE_SUB_GROUP = 1u << 9,
  SMCP_ATOMIC_SCOPE_WORK_GROUP = 1u << 10,
  SMCP_ATOMIC_SCOPE_DEVICE = 1u << 11,
  SMCP_ATOMIC_SCOPE_SYSTEM = 1u << 12
} smcp_atomic_caps;

/* Same values as smcp::fatbin::ImageFormat. */
typedef enum smcp_image_format {
  SMCP_IMAGE_FORMAT_SPIRV = 1,
  SMCP_IMAGE_FORMAT_PTX = 2
} smcp_image_format;

/* Queries of a kernel on one device (sycl::kernel::get_info, 4.11.13). */
typedef enum smcp_kernel_info {
  SMCP_KERNEL_INFO_NUM_ARGS = 1,        /* uint32_t */
  SMCP_KERNEL_INFO_WORK_GROUP_SIZE = 2, /* uint64_t: the largest work-group this kernel launches with */
  SMCP_KERNEL_INFO_PREFERRED_WORK_GROUP_SIZE_MULTIPLE = 3, /* uint64_t */
  SMCP_KERNEL_INFO_PRIVATE_MEM_SIZE = 4, /* uint64_t: bytes of private memory per work-item */
  SMCP_KERNEL_INFO_COMPILE_WORK_GROUP_SIZE = 5, /* uint64_t[3], backend order; all 0: none required */
  SMCP_KERNEL_INFO_ATTRIBUTES = 6 /* char[]: the kernel's source attributes (may be empty) */
} smcp_kernel_info;

typedef enum smcp_usm_kind {
  SMCP_USM_DEVICE = 1,
  SMCP_USM_HOST = 2,
  SMCP_USM_SHARED = 3
} smcp_usm_kind;

typedef enum smcp_device_cap_flags {
  /* enqueue_launch honours smcp_launch.offset; otherwise libsycl never passes
   * a non-zero offset (it folds the offset into the kernel's arguments). */
  SMCP_CAP_NATIVE_GLOBAL_OFFSET = 1u << 0,
  /* Enqueues accept out == NULL and then create no event at all. */
  SMCP_CAP_OPTIONAL_EVENTS = 1u << 1,
  /* enqueue_memcpy_rect is a native 2-D/3-D copy (not emulated row by row). */
  SMCP_CAP_NATIVE_RECT_COPY = 1u << 2
} smcp_device_cap_flags;

/* What libsycl asks of a device once, instead of assuming it. The caller sets
 * struct_size; the adapter fills the fields that fit in it. */
typedef struct smcp_device_caps {
  uint32_t struct_size;
  uint32_t flags;              /* smcp_device_cap_flags */
  uint32_t il_formats;         /* bit (1 << smcp_image_format) per loadable image format */
  uint32_t usm_kinds;          /* bit (1 << smcp_usm_kind) per USM kind the device allocates */
  uint32_t fill_pattern_sizes; /* bit k: enqueue_fill takes patterns of 2^k bytes */
  uint32_t num_sub_group_sizes;
  uint32_t sub_group_sizes[8];
  /* Launch limits: work-groups per dimension and in total (backend order). */
  uint64_t max_group_count[3];
  uint64_t max_total_groups;
} smcp_device_caps;

/* One kernel argument of a launch, in the kernel's parameter order.
 *
 * SMCP_ARG_LOCAL on PTX images: a kernel has one block of dynamic shared
 * memory per launch, so a local-memory parameter is not a pointer but a
 * 64-bit (uint64_t) byte offset into that block, which the kernel adds to the
 * block's base (extern .shared array). The adapter lays the launch's LOCAL
 * arguments out in parameter order, each offset rounded up to a multiple of
 * 64 bytes, passes each offset as an 8-byte value and launches with the sum
 * as the dynamic shared-memory size. On SPIR-V images the parameter is a
 * local (Workgroup) pointer that the backend allocates. */
typedef enum smcp_arg_kind {
  SMCP_ARG_VALUE = 1,   /* size bytes at value */
  SMCP_ARG_POINTER = 2, /* a global (USM) address: the pointer value itself is `value` */
  SMCP_ARG_LOCAL = 3    /* size bytes of work-group local memory; value unused */
} smcp_arg_kind;

typedef struct smcp_kernel_arg {
  smcp_arg_kind kind;
  size_t size;
  const void *value;
} smcp_kernel_arg;

/* A launch's geometry, backend order. local all 0: the backend chooses. */
typedef struct smcp_launch {
  uint32_t dims;
  size_t global[3];
  size_t local[3];
  size_t offset[3]; /* all 0 unless the device has SMCP_CAP_NATIVE_GLOBAL_OFFSET */
} smcp_launch;

/* A 3-D region copy between two USM or host addresses (rows and slices in
 * bytes; dimension 0 is the contiguous one). */
typedef struct smcp_rect_copy {
  void *dst;
  const void *src;
  size_t region[3];            /* bytes, rows, slices */
  size_t dst_pitch[2], src_pitch[2]; /* row pitch, slice pitch (bytes) */
} smcp_rect_copy;

/* The native object behind a handle, for interop (sycl::get_native). */
typedef enum smcp_handle_kind {
  SMCP_HANDLE_PLATFORM = 1, /* cl_platform_id, ze_driver_handle_t, CUdevice's platform: NULL */
  SMCP_HANDLE_DEVICE = 2,   /* cl_device_id, ze_device_handle_t, CUdevice (the ordinal, as intptr_t) */
  SMCP_HANDLE_CONTEXT = 3,  /* cl_context, ze_context_handle_t, CUcontext */
  SMCP_HANDLE_QUEUE = 4,    /* cl_command_queue, ze_command_list_handle_t, CUstream */
  SMCP_HANDLE_EVENT = 5,    /* cl_event, ze_event_handle_t, CUevent */
  SMCP_HANDLE_PROGRAM = 6,  /* cl_program, ze_module_handle_t, CUmodule */
  SMCP_HANDLE_KERNEL = 7,   /* cl_kernel, ze_kernel_handle_t, CUfunction */
  /* Makes every 32-bit value a valid smcp_handle_kind in C++, so that an
     adapter may receive a kind it does not know and refuse it. */
  SMCP_HANDLE_KIND_MAX = 0x7FFFFFFF
} smcp_handle_kind;

typedef enum smcp_queue_flags {
  SMCP_QUEUE_IN_ORDER = 1,
  SMCP_QUEUE_PROFILING = 2
} smcp_queue_flags;

/* Who will wait for the event an enqueue returns, as libsycl knows it when
 * the command is enqueued.
 * - SMCP_EVENT_FOR_HOST: the host may wait for it or ask about it
 *   (event_wait, event_get_status, event_get_profiling).
 * - SMCP_EVENT_FOR_DEVICE: libsycl expects only other commands to wait for
 *   it (their wait lists). An adapter whose backend has cheaper device-only
 *   events may use one; event_wait, event_get_status and the wait of another
 *   context must still work on it, and may cost more (Level Zero waits for a
 *   host-visible event signalled after it). Adapters without such events
 *   ignore the purpose.
 * Profiling queues' events are always SMCP_EVENT_FOR_HOST. When unsure,
 * libsycl asks for SMCP_EVENT_FOR_HOST. */
typedef enum smcp_event_purpose {
  SMCP_EVENT_FOR_HOST = 0,
  SMCP_EVENT_FOR_DEVICE = 1
} smcp_event_purpose;

typedef enum smcp_event_status {
  SMCP_EVENT_SUBMITTED = 1,
  SMCP_EVENT_RUNNING = 2,
  SMCP_EVENT_COMPLETE = 3
} smcp_event_status;

typedef enum smcp_profiling_info {
  SMCP_PROFILING_SUBMIT = 1,
  SMCP_PROFILING_START = 2,
  SMCP_PROFILING_END = 3
} smcp_profiling_info;

/* Version 8: a sampled image read through the backend's texture hardware. */
typedef enum smcp_texel_type {
  SMCP_TEXEL_UNORM_INT8 = 1,  /* read as floats in [0, 1] */
  SMCP_TEXEL_UNORM_INT16 = 2,
  SMCP_TEXEL_SIGNED_INT8 = 3, /* read as integers */
  SMCP_TEXEL_SIGNED_INT16 = 4,
  SMCP_TEXEL_SIGNED_INT32 = 5,
  SMCP_TEXEL_UNSIGNED_INT8 = 6,
  SMCP_TEXEL_UNSIGNED_INT16 = 7,
  SMCP_TEXEL_UNSIGNED_INT32 = 8,
  SMCP_TEXEL_HALF = 9,        /* read as floats */
  SMCP_TEXEL_FLOAT = 10
} smcp_texel_type;

/* Coordinates outside the image (OpenCL's addressing modes; repeat and
 * mirrored_repeat come with normalized coordinates only). */
typedef enum smcp_texture_addressing {
  SMCP_TEXTURE_REPEAT = 1,
  SMCP_TEXTURE_MIRRORED_REPEAT = 2,
  SMCP_TEXTURE_CLAMP_TO_EDGE = 3,
  SMCP_TEXTURE_CLAMP_TO_BORDER = 4 /* border texels are 0 in every channel */
} smcp_texture_addressing;

/* A 2-D image in pitched device memory, with the sampler its reads use.
 * Channels are r, g, b, a in this order in memory. */
typedef struct smcp_texture_desc {
  void *base;              /* device (USM) address of texel (0, 0) */
  uint32_t channels;       /* 1, 2 or 4 (libsycl asks for rgba images: 4) */
  smcp_texel_type type;
  uint64_t width, height;  /* texels */
  uint64_t row_pitch;      /* bytes between rows */
  smcp_texture_addressing addressing;
  uint32_t linear;         /* linear filtering (else nearest); float reads only */
  uint32_t normalized;     /* coordinates in [0, 1) (else in texels) */
} smcp_texture_desc;

typedef struct smcp_platform_t *smcp_platform;
typedef struct smcp_device_t *smcp_device;
typedef struct smcp_context_t *smcp_context;
typedef struct smcp_queue_t *smcp_queue;
typedef struct smcp_event_t *smcp_event;
typedef struct smcp_program_t *smcp_program;
typedef struct smcp_kernel_t *smcp_kernel;

/* One specialization constant value, by SPIR-V SpecId. */
typedef struct smcp_spec_constant {
  uint32_t spec_id;
  uint32_t size;
  const void *value;
} smcp_spec_constant;

/* Where the last failure on this thread came from. The strings belong to the
 * adapter and stay valid until the thread's next call into it. */
typedef struct smcp_error_info {
  const char *backend;     /* "opencl" */
  const char *call;        /* the native call, e.g. "clBuildProgram" */
  int64_t native_code;     /* e.g. -11 */
  const char *native_name; /* e.g. "CL_BUILD_PROGRAM_FAILURE" */
  const char *message;     /* detail; the build log for SMCP_ERROR_BUILD_FAILED */
} smcp_error_info;

typedef struct smcp_adapter_table {
  uint32_t abi_version; /* the version the adapter implements */
  uint32_t table_size;  /* bytes of this table the adapter filled */
  smcp_backend backend;
  const char *name; /* the backend's name as ONEAPI_DEVICE_SELECTOR spells it */

  /* Initialisation: finds the driver. Called once, before anything else, by
   * one thread. Failing here (no ICD, no driver) makes libsycl report the
   * adapter as unusable, with get_last_error's detail. */
  smcp_result (*init)(void);
  /* The calling thread's last failure. */
  void (*get_last_error)(smcp_error_info *out);

  /* Discovery. *count receives the total; at most capacity handles are written. */
  smcp_result (*get_platforms)(uint32_t capacity, smcp_platform *out, uint32_t *count);
  smcp_result (*get_platform_info)(smcp_platform platform, smcp_platform_info what,
                                   size_t size, void *value, size_t *size_ret);
  smcp_result (*get_devices)(smcp_platform platform, uint32_t capacity, smcp_device *out,
                             uint32_t *count);
  smcp_result (*get_device_info)(smcp_device device, smcp_device_info what, size_t size,
                                 void *value, size_t *size_ret);
  /* Asked once per device, when libsycl enumerates it. */
  smcp_result (*get_device_caps)(smcp_device device, smcp_device_caps *out);

  /* Contexts and queues. queue_finish blocks until the queue's commands are
   * done; queue_flush only makes sure they start. A queue is released only
   * when its commands are done (libsycl finishes it first). */
  smcp_result (*context_create)(uint32_t num_devices, const smcp_device *devices,
                                smcp_context *out);
  smcp_result (*context_release)(smcp_context context);
  smcp_result (*queue_create)(smcp_context context, smcp_device device, uint32_t flags,
                              smcp_queue *out);
  smcp_result (*queue_release)(smcp_queue queue);
  smcp_result (*queue_finish)(smcp_queue queue);
  smcp_result (*queue_flush)(smcp_queue queue); /* optional */

  /* USM. alignment 0 = the backend's default. */
  smcp_result (*usm_alloc)(smcp_context context, smcp_device device, smcp_usm_kind kind,
                           size_t size, size_t alignment, void **out);
  smcp_result (*usm_free)(smcp_context context, smcp_usm_kind kind, void *ptr);

  /* Enqueue operations wait for the given events and, when out is not NULL,
   * return a new event that the caller releases, for the given purpose
   * (out NULL: nobody waits for this command and the purpose is ignored; see
   * SMCP_CAP_OPTIONAL_EVENTS). Addresses are USM or host
   * addresses. enqueue_fill takes the pattern sizes of fill_pattern_sizes;
   * libsycl expands other patterns itself. */
  smcp_result (*enqueue_memcpy)(smcp_queue queue, void *dst, const void *src, size_t size,
                                uint32_t num_wait, const smcp_event *wait,
                                smcp_event_purpose purpose, smcp_event *out);
  smcp_result (*enqueue_fill)(smcp_queue queue, void *ptr, const void *pattern, size_t pattern_size,
                              size_t size, uint32_t num_wait, const smcp_event *wait,
                              smcp_event_purpose purpose, smcp_event *out);
  smcp_result (*enqueue_memcpy_rect)(smcp_queue queue, const smcp_rect_copy *copy,
                                     uint32_t num_wait, const smcp_event *wait,
                                     smcp_event_purpose purpose, smcp_event *out);
  /* An event that completes when the given events have (num_wait > 0). */
  smcp_result (*enqueue_marker)(smcp_queue queue, uint32_t num_wait, const smcp_event *wait,
                                smcp_event_purpose purpose, smcp_event *out);

  /* Programs: built from a device image for one device, with the backend's
   * build options. On SMCP_ERROR_BUILD_FAILED the error message holds the
   * build log. */
  smcp_result (*program_create)(smcp_context context, smcp_device device,
                                smcp_image_format format, const void *image, size_t size,
                                uint32_t num_spec_constants,
                                const smcp_spec_constant *spec_constants,
                                const char *options, smcp_program *out);
  smcp_result (*program_release)(smcp_program program);
  /* Optional: address and size of a module-scope variable by its symbol. */
  smcp_result (*program_get_global_pointer)(smcp_program program, const char *name,
                                            void **out, size_t *size);

  /* Kernels: handles are immutable once created. */
  smcp_result (*kernel_create)(smcp_program program, const char *name, smcp_kernel *out);
  smcp_result (*kernel_release)(smcp_kernel kernel);
  /* What a built kernel needs on a device. */
  smcp_result (*kernel_get_info)(smcp_kernel kernel, smcp_device device, smcp_kernel_info what,
                                 size_t size, void *value, size_t *size_ret);
  /* A launch: the arguments (one per kernel parameter, in order) and the
   * geometry travel with the call; nothing is kept on the kernel. A geometry
   * the caps allowed but the backend cannot shape (a grid the adapter's own
   * block choice leaves too large) is SMCP_ERROR_INVALID_GEOMETRY. */
  smcp_result (*enqueue_launch)(smcp_queue queue, smcp_kernel kernel, const smcp_launch *geometry,
                                uint32_t num_args, const smcp_kernel_arg *args, uint32_t num_wait,
                                const smcp_event *wait, smcp_event_purpose purpose,
                                smcp_event *out);

  /* Events. */
  smcp_result (*event_wait)(uint32_t num_events, const smcp_event *events);
  smcp_result (*event_get_status)(smcp_event event, smcp_event_status *out);
  smcp_result (*event_release)(smcp_event event);
  /* Optional: a command's timestamp in ns, for queues made with SMCP_QUEUE_PROFILING. */
  smcp_result (*event_get_profiling)(smcp_event event, smcp_profiling_info what,
                                     uint64_t *out);

  /* Interop: the backend's own object behind a handle (not retained). */
  smcp_result (*get_native_handle)(smcp_handle_kind kind, const void *handle, void **out);

  /* Version 6. Optional: the sub-devices the backend splits a device into
   * (Level Zero's zeDeviceGetSubDevices: one per tile, each with its own
   * memory, which SYCL calls partitioning by the NUMA affinity domain).
   * *count receives the total, 0 for a device the adapter does not split; at
   * most capacity handles are written, the same ones at every call. A
   * sub-device is a device like any other (info, caps, contexts, queues,
   * programs, its own sub-devices) and, like one, lives until the process
   * ends; get_devices never lists it. NULL: no device is split. */
  smcp_result (*get_sub_devices)(smcp_device device, uint32_t capacity, smcp_device *out,
                                 uint32_t *count);
  /* Version 6: native binaries, for libsycl's persistent program cache
   * (SMCP_CACHE_DIR). Both optional; an adapter without them is never cached.
   * program_get_binary: the built program's native binary for its device,
   * in the form program_create_from_binary takes back on the same device
   * and driver. *size_ret gets its size; value gets the bytes when size is
   * at least that. SMCP_ERROR_UNSUPPORTED where the backend has no such
   * binary or caches its own (the CUDA driver's JIT cache). */
  smcp_result (*program_get_binary)(smcp_program program, size_t size, void *value,
                                    size_t *size_ret);
  /* A program from program_get_binary's bytes, with the options the image was
   * built with. Bytes the backend does not take (another driver, damaged) are
   * a failed call (SMCP_ERROR_INVALID_ARGUMENT or SMCP_ERROR_BUILD_FAILED),
   * never a crash: libsycl then builds from the image. */
  smcp_result (*program_create_from_binary)(smcp_context context, smcp_device device,
                                            const void *binary, size_t size,
                                            const char *options, smcp_program *out);
  /* Version 7: copies between the memory of two devices of one context
   * (several GPUs of a host). Optional, together: without them, or where
   * peer_copy_supported answers 0, libsycl moves a buffer between two
   * devices through the host.
   * peer_copy_supported: *out = 1 when enqueue_memcpy_peer copies from
   * src_device's allocations into dst_device's without the host (CUDA:
   * cuDeviceCanAccessPeer, with peer access enabled from context_create on,
   * so that enqueue_memcpy between them is direct too), 0 otherwise. Both
   * devices are the context's; libsycl asks once per ordered pair. */
  smcp_result (*peer_copy_supported)(smcp_context context, smcp_device src_device,
                                     smcp_device dst_device, uint32_t *out);
  /* size bytes from src, an allocation of src_device, to dst, one of
   * dst_device, on queue (whose device is one of the two), for a pair that
   * peer_copy_supported answered 1 for. Events as for enqueue_memcpy. */
  smcp_result (*enqueue_memcpy_peer)(smcp_queue queue, void *dst, smcp_device dst_device,
                                     const void *src, smcp_device src_device, size_t size,
                                     uint32_t num_wait, const smcp_event *wait,
                                     smcp_event_purpose purpose, smcp_event *out);
  /* Version 8. Optional, together: a texture over the memory desc names, for
   * the kernels of this device's images (PTX images: *out is the CUtexObject
   * that tex instructions take). The memory stays the caller's and outlives
   * the texture. SMCP_ERROR_UNSUPPORTED for a description the hardware
   * cannot serve (alignment of base or row_pitch, sizes, channels); libsycl
   * then reads those texels in code. */
  smcp_result (*texture_create)(smcp_context context, smcp_device device,
                                const smcp_texture_desc *desc, uint64_t *out);
  smcp_result (*texture_release)(smcp_context context, smcp_device device, uint64_t texture);
} smcp_adapter_table;

/* The only symbol an adapter exports. libsycl passes its own version and
 * sizeof(smcp_adapter_table), zeroed; the adapter copies min(table_size, its
 * own size) bytes of its table. Fails with SMCP_ERROR_VERSION_MISMATCH only
 * when it cannot serve a caller of abi_version at all. */
typedef smcp_result (*smcp_adapter_get_table_fn)(uint32_t abi_version, uint32_t table_size,
                                                  smcp_adapter_table *out);

/* The entries every adapter must provide (the others are optional or come
 * with later versions): libsycl refuses a table that lacks one, and the
 * conformance suite checks them. */
#define SMCP_ADAPTER_REQUIRED_ENTRIES(X)                                                     \
  X(init) X(get_last_error) X(get_platforms) X(get_devices) X(get_device_info)              \
  X(get_device_caps) X(context_create) X(queue_create) X(queue_finish) X(usm_alloc)         \
  X(usm_free) X(enqueue_memcpy) X(enqueue_marker) X(program_create) X(kernel_create)        \
  X(enqueue_launch) X(event_wait) X(event_get_status) X(event_release)

/* The name of the first required entry the table lacks, or NULL. */
static inline const char *smcp_missing_required_entry(const smcp_adapter_table *t) {
#define SMCP_CHECK_ENTRY(entry)                                                              \
  if (!t->entry)                                                                             \
    return #entry;
  SMCP_ADAPTER_REQUIRED_ENTRIES(SMCP_CHECK_ENTRY)
#undef SMCP_CHECK_ENTRY
  return NULL;
}

/* For adapters: answers smcp_adapter_get_table with `own`, the adapter's
 * complete table, copying no more than the caller's table holds; a caller
 * older than SMCP_ADAPTER_ABI_MIN_VERSION is refused. */
static inline smcp_result smcp_answer_table(uint32_t abi_version, const smcp_adapter_table *own,
                                            uint32_t table_size, smcp_adapter_table *out) {
  size_t n = table_size < sizeof(*own) ? table_size : sizeof(*own);
  if (abi_version < SMCP_ADAPTER_ABI_MIN_VERSION)
    return SMCP_ERROR_VERSION_MISMATCH;
  if (!out || n < offsetof(smcp_adapter_table, init))
    return SMCP_ERROR_VERSION_MISMATCH;
  memcpy(out, own, n);
  out->table_size = (uint32_t)n;
  return SMCP_SUCCESS;
}

#ifdef __cplusplus
}
#endif

#endif /* SMCP_ADAPTER_ABI_H */
