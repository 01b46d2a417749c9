// exit_drain.h - what the runtime does when the process exits with work in
// flight.
//
// main may return while kernels run, host tasks wait on the pool and
// buffers are being released: nothing in SYCL obliges a program to wait.
// Backends cannot take that: PoCL compiles work-group functions in its own
// threads when a command runs, and its LLVM's static destructors run at
// exit. So the runtime drains before any backend tears down: its handler is
// registered with atexit after the adapters (and the libraries they load)
// are initialised, and exit runs handlers in reverse order of registration.
// The order: the thread pool falls idle (host tasks, retired queues, buffer
// releases), then every live queue finishes its commands; repeated until
// nothing new appears.
#pragma once

#include <memory>

namespace sycl::detail {

class queue_impl;

/// Registers the exit handler once; call after loading the adapters.
void install_exit_drain();

/// A backend may create objects with static lifetime when it first runs a
/// command (PoCL's LLVM compiles a kernel at its first launch, and its
/// function-local statics register their destructors then, after the exit
/// handler): those are destroyed before the handler runs, while a kernel
/// left in flight may still be compiled with them. program_built() notes
/// that a new program may bring such objects; command_finished() then
/// registers the handler again, once, so that it runs before them. What a
/// compile still running at exit creates for the first time is not covered:
/// PoCL compiling a kernel it never compiled before while main returns may
/// still crash in LLVM's destroyed statics (seen with POCL_KERNEL_CACHE=0).
/// A program loaded from the persistent program cache widens that gap: PoCL
/// takes the binary without LLVM, so its first use of LLVM may be that
/// compile at exit (again only with PoCL's own kernel cache off).
void program_built();
void command_finished();

/// Live queues, drained at exit. A queue adds itself once constructed and
/// removes itself in its destructor.
void register_live_queue(queue_impl *q);
void unregister_live_queue(queue_impl *q);

/// Whether the exit handler has run: later work (static destructors) is
/// done synchronously, since no pool thread may outlive the backends.
bool exit_drained();

} // namespace sycl::detail
