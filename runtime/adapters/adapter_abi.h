/* adapter_abi.h - the one C interface between libsycl and a backend adapter.
 *
 * An adapter is a shared library libsmcp_adapter_<backend>.so exporting
 * smcp_adapter_get_table(). libsycl dlopens it, asks for the table of the ABI
 * version it was built against and calls nothing else. No C++ type and no
 * exception crosses this boundary: every entry returns smcp_result, outputs go
 * through trailing pointers, and the details of the last failure on the
 * calling thread are read with get_last_error (backend, native call, native
 * code, message - for a failed build the message holds the build log).
 *
 * Conventions for every entry:
 * - Handles are opaque. The adapter owns what it returns until the matching
 *   *_release; platforms and devices live until the process ends.
 * - libsycl validates arguments before calling (sizes, null pointers, pointer
 *   ownership): adapters only assert their preconditions.
 * - Entries may be called from several threads at once, except that one
 *   kernel handle is used by one thread at a time (libsycl locks around
 *   set-args + enqueue).
 * - Dimensions are in the backend's order (dimension 0 varies fastest).
 * - Optional entries may be NULL; libsycl checks before calling.
 * - Later ABI versions only append fields, so a table of version N is a
 *   prefix of the table of version N+1.
 */
#ifndef SMCP_ADAPTER_ABI_H
#define SMCP_ADAPTER_ABI_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define SMCP_ADAPTER_ABI_VERSION 3u
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
  SMCP_ERROR_BACKEND = 9          /* any other native failure: see native_code */
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
  SMCP_PLATFORM_INFO_VERSION = 3  /* char[] */
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
  SMCP_DEVICE_INFO_USM_DEVICE = 18,         /* uint32_t bool */
  SMCP_DEVICE_INFO_USM_HOST = 19,           /* uint32_t bool */
  SMCP_DEVICE_INFO_USM_SHARED = 20,         /* uint32_t bool */
  SMCP_DEVICE_INFO_IMAGE_FORMATS = 21       /* uint32_t: bit (1 << smcp_image_format) per loadable format */
} smcp_device_info;

/* Same values as smcp::fatbin::ImageFormat. */
typedef enum smcp_image_format {
  SMCP_IMAGE_FORMAT_SPIRV = 1,
  SMCP_IMAGE_FORMAT_PTX = 2
} smcp_image_format;

/* Queries of a kernel on one device (sycl::kernel::get_info, 4.11.13). */
typedef enum smcp_kernel_info {
  SMCP_KERNEL_INFO_NUM_ARGS = 1,        /* uint32_t */
  SMCP_KERNEL_INFO_WORK_GROUP_SIZE = 2  /* uint64_t: the largest work-group this kernel launches with */
} smcp_kernel_info;

typedef enum smcp_usm_kind {
  SMCP_USM_DEVICE = 1,
  SMCP_USM_HOST = 2,
  SMCP_USM_SHARED = 3
} smcp_usm_kind;

typedef enum smcp_queue_flags {
  SMCP_QUEUE_IN_ORDER = 1,
  SMCP_QUEUE_PROFILING = 2
} smcp_queue_flags;

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
  uint32_t abi_version;
  smcp_backend backend;
  const char *name; /* the backend's name as ONEAPI_DEVICE_SELECTOR spells it */

  /* Initialisation: finds the driver. Failing here (no ICD, no driver) makes
   * libsycl report the adapter as unusable, with get_last_error's detail. */
  smcp_result (*init)(void);
  void (*get_last_error)(smcp_error_info *out);

  /* Discovery. *count receives the total; at most capacity handles are written. */
  smcp_result (*get_platforms)(uint32_t capacity, smcp_platform *out, uint32_t *count);
  smcp_result (*get_platform_info)(smcp_platform platform, smcp_platform_info what,
                                   size_t size, void *value, size_t *size_ret);
  smcp_result (*get_devices)(smcp_platform platform, uint32_t capacity, smcp_device *out,
                             uint32_t *count);
  smcp_result (*get_device_info)(smcp_device device, smcp_device_info what, size_t size,
                                 void *value, size_t *size_ret);

  /* Contexts and queues. */
  smcp_result (*context_create)(uint32_t num_devices, const smcp_device *devices,
                                smcp_context *out);
  smcp_result (*context_release)(smcp_context context);
  smcp_result (*queue_create)(smcp_context context, smcp_device device, uint32_t flags,
                              smcp_queue *out);
  smcp_result (*queue_release)(smcp_queue queue);
  smcp_result (*queue_finish)(smcp_queue queue);

  /* USM. alignment 0 = the backend's default. */
  smcp_result (*usm_alloc)(smcp_context context, smcp_device device, smcp_usm_kind kind,
                           size_t size, size_t alignment, void **out);
  smcp_result (*usm_free)(smcp_context context, void *ptr);

  /* Enqueue operations wait for the given events and, when out is not NULL,
   * return a new event that the caller releases. */
  smcp_result (*enqueue_memcpy)(smcp_queue queue, void *dst, const void *src, size_t size,
                                uint32_t num_wait, const smcp_event *wait, smcp_event *out);
  smcp_result (*enqueue_fill)(smcp_queue queue, void *ptr, const void *pattern,
                              size_t pattern_size, size_t size, uint32_t num_wait,
                              const smcp_event *wait, smcp_event *out);

  /* Programs: built from a device image for one device. On
   * SMCP_ERROR_BUILD_FAILED the error message holds the build log. */
  smcp_result (*program_create)(smcp_context context, smcp_device device,
                                smcp_image_format format, const void *image, size_t size,
                                uint32_t num_spec_constants,
                                const smcp_spec_constant *spec_constants,
                                const char *options, smcp_program *out);
  smcp_result (*program_release)(smcp_program program);
  /* Optional: address of a device global by its exported symbol name. */
  smcp_result (*program_get_global_pointer)(smcp_program program, const char *name,
                                            void **out, size_t *size);

  /* Kernels. */
  smcp_result (*kernel_create)(smcp_program program, const char *name, smcp_kernel *out);
  smcp_result (*kernel_release)(smcp_kernel kernel);
  smcp_result (*kernel_set_arg_value)(smcp_kernel kernel, uint32_t index, size_t size,
                                      const void *value);
  smcp_result (*kernel_set_arg_pointer)(smcp_kernel kernel, uint32_t index, const void *ptr);
  /* global_offset and local may be NULL; local NULL lets the backend choose. */
  smcp_result (*enqueue_kernel)(smcp_queue queue, smcp_kernel kernel, uint32_t dims,
                                const size_t *global_offset, const size_t *global,
                                const size_t *local, uint32_t num_wait,
                                const smcp_event *wait, smcp_event *out);

  /* Events. */
  smcp_result (*event_wait)(uint32_t num_events, const smcp_event *events);
  smcp_result (*event_get_status)(smcp_event event, smcp_event_status *out);
  smcp_result (*event_release)(smcp_event event);

  /* Version 2. */
  /* A local-memory kernel argument of `size` bytes (local_accessor). */
  smcp_result (*kernel_set_arg_local)(smcp_kernel kernel, uint32_t index, size_t size);
  /* An event that completes when the given events have (num_wait > 0). */
  smcp_result (*enqueue_marker)(smcp_queue queue, uint32_t num_wait, const smcp_event *wait,
                                smcp_event *out);
  /* Optional: a command's timestamp in ns, for queues made with SMCP_QUEUE_PROFILING. */
  smcp_result (*event_get_profiling)(smcp_event event, smcp_profiling_info what,
                                     uint64_t *out);

  /* Version 3. */
  /* Optional: what a built kernel needs on device (that of its program). */
  smcp_result (*kernel_get_info)(smcp_kernel kernel, smcp_device device, smcp_kernel_info what,
                                 size_t size, void *value, size_t *size_ret);
} smcp_adapter_table;

/* The only symbol an adapter exports. Fails with SMCP_ERROR_VERSION_MISMATCH
 * when it cannot serve abi_version. */
typedef smcp_result (*smcp_adapter_get_table_fn)(uint32_t abi_version,
                                                  smcp_adapter_table *out);

#ifdef __cplusplus
}
#endif

#endif /* SMCP_ADAPTER_ABI_H */
