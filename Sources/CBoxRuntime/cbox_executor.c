// Which executor the calling code runs on, asked of the Swift concurrency runtime without any assertion, and
// whether it runs on the main thread.
#include "CBoxRuntime.h"

#if defined(__APPLE__)
#include <pthread.h>
#else
#include <sys/syscall.h>
#include <unistd.h>
#endif

/// A Swift `UnownedSerialExecutor` (the runtime's `SerialExecutorRef`): the executor's identity, and its
/// implementation word (witness table and flags).
typedef struct cbox_serial_executor_ref {
    const void *_Nullable identity;
    uintptr_t implementation;
} cbox_serial_executor_ref;
_Static_assert(sizeof(cbox_serial_executor_ref) == 2 * sizeof(void *), "an executor reference is two words");

/// Exported by the Swift concurrency runtime since Swift 5.5, with the Swift calling convention: the executor
/// the current task runs on, read from the thread's tracking record (it neither waits nor asserts); the
/// generic executor (identity NULL) outside any task or actor.
extern cbox_serial_executor_ref swift_task_getCurrentExecutor(void) __attribute__((swiftcall));

const void *_Nullable cbox_current_executor_identity(void) {
    return swift_task_getCurrentExecutor().identity;
}

bool cbox_is_main_thread(void) {
#if defined(__APPLE__)
    return pthread_main_np() != 0;
#else
    // Asked once per thread: two system calls otherwise, and a thread's answer never changes.
    static _Thread_local signed char is_main = -1;
    if (__builtin_expect(is_main < 0, 0)) is_main = getpid() == (pid_t)syscall(SYS_gettid);
    return is_main;
#endif
}
