// Sandbox threads for verification: a body runs on a thread of its own, and the thread can give up in the
// middle of its stack (a factory that cannot go on) without unwinding it: the frames are never resumed,
// so nothing they hold is released twice or used after release; the thread just stops, parked for good.
//
// The caller waits only while the body makes progress: a body blocked outside BoxKit (on a lock a parked
// thread holds, say) is left to its thread, and the shared state lives until both sides let go of it.
#include "CBoxRuntime.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

_Static_assert(sizeof(time_t) == 8, "a deadline of any patience fits in time_t");

typedef struct cbox_sandbox {
    pthread_mutex_t lock;
    pthread_cond_t changed;  ///< signalled on progress and when the body finishes
    int done;
    int given_up;            ///< set by the caller, under `lock`, when it stops waiting
    int owners;              ///< the caller and the thread; the last to let go frees the sandbox
    uint64_t progress;
    void (*body)(void *_Nullable);
    void *_Nullable context;
} cbox_sandbox;

static __thread cbox_sandbox *cbox__sandbox;

static void cbox__sandbox_let_go(cbox_sandbox *sandbox) {
    pthread_mutex_lock(&sandbox->lock);
    int owners = --sandbox->owners;
    pthread_mutex_unlock(&sandbox->lock);
    if (owners > 0) return;
    pthread_cond_destroy(&sandbox->changed);
    pthread_mutex_destroy(&sandbox->lock);
    free(sandbox);
}

static void cbox__sandbox_finish(cbox_sandbox *sandbox) {
    pthread_mutex_lock(&sandbox->lock);
    sandbox->done = 1;
    pthread_cond_signal(&sandbox->changed);
    pthread_mutex_unlock(&sandbox->lock);
    cbox__sandbox_let_go(sandbox);
}

static void *cbox__sandbox_main(void *opaque) {
    cbox_sandbox *sandbox = opaque;
    cbox__sandbox = sandbox;
    sandbox->body(sandbox->context);
    cbox__sandbox = NULL;
    cbox__sandbox_finish(sandbox);
    return NULL;
}

bool cbox_sandbox_progress(void) {
    cbox_sandbox *sandbox = cbox__sandbox;
    if (sandbox == NULL) return false;
    pthread_mutex_lock(&sandbox->lock);
    bool waited = !sandbox->given_up;
    if (waited) {
        sandbox->progress++;
        pthread_cond_signal(&sandbox->changed);
    }
    pthread_mutex_unlock(&sandbox->lock);
    return waited;
}

static struct timespec cbox__deadline(uint64_t patience_ns) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    uint64_t ns = (uint64_t)now.tv_nsec + patience_ns % 1000000000u;
    uint64_t seconds = patience_ns / 1000000000u + ns / 1000000000u;
    now.tv_sec += (time_t)seconds;  // at most about 18e9 s: far inside a 64-bit time_t
    now.tv_nsec = (long)(ns % 1000000000u);
    return now;
}

cbox_sandbox_result cbox_sandbox_run(void (*body)(void *_Nullable context), void *_Nullable context,
                                     uint64_t patience_ns) {
    cbox_sandbox *sandbox = malloc(sizeof *sandbox);
    if (sandbox == NULL) return CBOX_SANDBOX_NOT_STARTED;
    *sandbox = (cbox_sandbox){.done = 0, .given_up = 0, .owners = 2, .progress = 0, .body = body, .context = context};
    pthread_mutex_init(&sandbox->lock, NULL);
    pthread_condattr_t clock;
    pthread_condattr_init(&clock);
    pthread_condattr_setclock(&clock, CLOCK_MONOTONIC);
    pthread_cond_init(&sandbox->changed, &clock);
    pthread_condattr_destroy(&clock);
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    pthread_attr_setstacksize(&attributes, (size_t)8 << 20);
    pthread_t thread;
    bool started = pthread_create(&thread, &attributes, cbox__sandbox_main, sandbox) == 0;
    pthread_attr_destroy(&attributes);
    if (!started) {
        sandbox->owners = 1;
        cbox__sandbox_let_go(sandbox);
        return CBOX_SANDBOX_NOT_STARTED;
    }
    pthread_mutex_lock(&sandbox->lock);
    uint64_t seen = sandbox->progress;
    struct timespec deadline = cbox__deadline(patience_ns);
    while (!sandbox->done) {
        int waited = pthread_cond_timedwait(&sandbox->changed, &sandbox->lock, &deadline);
        if (sandbox->progress != seen) {
            seen = sandbox->progress;
            deadline = cbox__deadline(patience_ns);
        } else if (waited == ETIMEDOUT && !sandbox->done) {
            sandbox->given_up = 1;  // decided under the lock: progress after this point is refused
            break;
        }
    }
    cbox_sandbox_result result = sandbox->done ? CBOX_SANDBOX_FINISHED : CBOX_SANDBOX_TIMED_OUT;
    pthread_mutex_unlock(&sandbox->lock);
    cbox__sandbox_let_go(sandbox);
    return result;
}

_Noreturn void cbox_sandbox_abandon(void) {
    cbox_sandbox *sandbox = cbox__sandbox;
    if (sandbox == NULL) __builtin_trap();
    cbox_thread *thread = cbox_thread_current();
    __atomic_store_n(&thread->chain_count, 0, __ATOMIC_RELAXED);
    thread->recording = 0;
    thread->edge_count = 0;
    thread->scope = NULL;
    thread->sandbox = NULL;
    cbox_read_abandon(cbox_thread_reader(thread));
    cbox__sandbox = NULL;
    cbox__sandbox_finish(sandbox);
    for (;;) pause();
}
