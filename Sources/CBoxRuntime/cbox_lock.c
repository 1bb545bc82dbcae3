// A heap-allocated pthread mutex for the Swift side: its address never moves, and thread sanitizers
// understand it (Synchronization.Mutex's futex is invisible to ThreadSanitizer on Linux).
#include "CBoxRuntime.h"

#include <pthread.h>
#include <stdlib.h>

struct cbox_lock {
    pthread_mutex_t mutex;
};

cbox_lock *cbox_lock_create(void) {
    cbox_lock *lock = malloc(sizeof(cbox_lock));
    if (lock == NULL || pthread_mutex_init(&lock->mutex, NULL) != 0) __builtin_trap();
    return lock;
}

void cbox_lock_destroy(cbox_lock *lock) {
    pthread_mutex_destroy(&lock->mutex);
    free(lock);
}

void cbox_lock_acquire(cbox_lock *lock) {
    if (pthread_mutex_lock(&lock->mutex) != 0) __builtin_trap();
}

void cbox_lock_release(cbox_lock *lock) {
    if (pthread_mutex_unlock(&lock->mutex) != 0) __builtin_trap();
}

// The creation monitor: where threads wait for a registration's creation that another thread has claimed.
// One for the process, since waiting is rare (two threads making the same instance at the same moment);
// a claim is released without touching it unless a thread waits.
static pthread_mutex_t cbox__creations_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cbox__creations_changed = PTHREAD_COND_INITIALIZER;
static uint64_t cbox__creation_waiters;

void cbox_creations_enter(void) {
    if (pthread_mutex_lock(&cbox__creations_lock) != 0) __builtin_trap();
    __atomic_add_fetch(&cbox__creation_waiters, 1, __ATOMIC_SEQ_CST);
}

void cbox_creations_wait(void) {
    if (pthread_cond_wait(&cbox__creations_changed, &cbox__creations_lock) != 0) __builtin_trap();
}

void cbox_creations_leave(void) {
    __atomic_sub_fetch(&cbox__creation_waiters, 1, __ATOMIC_SEQ_CST);
    if (pthread_mutex_unlock(&cbox__creations_lock) != 0) __builtin_trap();
}

void cbox_creations_changed(void) {
    if (__atomic_load_n(&cbox__creation_waiters, __ATOMIC_SEQ_CST) == 0) return;
    if (pthread_mutex_lock(&cbox__creations_lock) != 0) __builtin_trap();
    pthread_cond_broadcast(&cbox__creations_changed);
    if (pthread_mutex_unlock(&cbox__creations_lock) != 0) __builtin_trap();
}
