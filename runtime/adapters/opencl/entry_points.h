// entry_points.h - the adapter table's entries, one group per source file.
#pragma once

#include "../adapter_abi.h"

namespace smcp::opencl {

// platform.cpp
smcp_result init();
smcp_result get_platforms(uint32_t capacity, smcp_platform *out, uint32_t *count);
smcp_result get_platform_info(smcp_platform platform, smcp_platform_info what, size_t size,
                              void *value, size_t *size_ret);

// device.cpp
smcp_result get_devices(smcp_platform platform, uint32_t capacity, smcp_device *out,
                        uint32_t *count);
smcp_result get_device_info(smcp_device device, smcp_device_info what, size_t size,
                            void *value, size_t *size_ret);
smcp_result get_device_caps(smcp_device device, smcp_device_caps *out);

// context.cpp
smcp_result context_create(uint32_t num_devices, const smcp_device *devices, smcp_context *out);
smcp_result context_release(smcp_context context);

// queue.cpp
smcp_result queue_create(smcp_context context, smcp_device device, uint32_t flags,
                         smcp_queue *out);
smcp_result queue_release(smcp_queue queue);
smcp_result queue_finish(smcp_queue queue);
smcp_result queue_flush(smcp_queue queue);

// usm.cpp
smcp_result usm_alloc(smcp_context context, smcp_device device, smcp_usm_kind kind, size_t size,
                      size_t alignment, void **out);
smcp_result usm_free(smcp_context context, smcp_usm_kind kind, void *ptr);
smcp_result enqueue_memcpy(smcp_queue queue, void *dst, const void *src, size_t size,
                           uint32_t num_wait, const smcp_event *wait, smcp_event *out);
smcp_result enqueue_fill(smcp_queue queue, void *ptr, const void *pattern, size_t pattern_size,
                         size_t size, uint32_t num_wait, const smcp_event *wait,
                         smcp_event *out);
smcp_result enqueue_memcpy_rect(smcp_queue queue, const smcp_rect_copy *copy, uint32_t num_wait,
                                const smcp_event *wait, smcp_event *out);

// program.cpp
smcp_result program_create(smcp_context context, smcp_device device, smcp_image_format format,
                           const void *image, size_t size, uint32_t num_spec_constants,
                           const smcp_spec_constant *spec_constants, const char *options,
                           smcp_program *out);
smcp_result program_release(smcp_program program);

// kernel.cpp
smcp_result kernel_create(smcp_program program, const char *name, smcp_kernel *out);
smcp_result kernel_release(smcp_kernel kernel);
smcp_result kernel_get_info(smcp_kernel kernel, smcp_device device, smcp_kernel_info what,
                            size_t size, void *value, size_t *size_ret);
smcp_result enqueue_launch(smcp_queue queue, smcp_kernel kernel, const smcp_launch *geometry,
                           uint32_t num_args, const smcp_kernel_arg *args, uint32_t num_wait,
                           const smcp_event *wait, smcp_event *out);

// event.cpp
smcp_result event_wait(uint32_t num_events, const smcp_event *events);
smcp_result event_get_status(smcp_event event, smcp_event_status *out);
smcp_result event_release(smcp_event event);
smcp_result enqueue_marker(smcp_queue queue, uint32_t num_wait, const smcp_event *wait,
                           smcp_event *out);
smcp_result event_get_profiling(smcp_event event, smcp_profiling_info what, uint64_t *out);

// interop.cpp
smcp_result get_native_handle(smcp_handle_kind kind, const void *handle, void **out);

} // namespace smcp::opencl
