// BoxKit's lock (cbox_lock, behind every _Lock). On Apple platforms (CBOX_PTHREAD_LOCK), a pthread mutex, which is
// owner-aware there (a waiter lends the owner its priority). Elsewhere, one word that the uncontended paths (inline in
// CBoxRuntime.h) change with one atomic operation each, and a pthread mutex and condition variable that only waiting
// threads use. A waiter marks the word contended while it holds the mutex, and sleeps only through pthread_cond_wait,
// which releases that mutex atomically; a releaser that finds the word contended takes the mutex before it signals. So
// a waiter either sees the word free when it marks it, or is asleep before the signal meant for it: no wake-up is lost.
// (A futex would do without the mutex and the condition variable, but is Linux's alone.)
#include "CBoxRuntime.h"

#include <pthread.h>
#include <stddef.h>
#include <stdlib.h>

#if CBOX_PTHREAD_LOCK

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

#else

struct cbox_lock {
    uint32_t state;
    pthread_mutex_t waiting;
    pthread_cond_t released;
};
_Static_assert(offsetof(struct cbox_lock, state) == 0 &&
                   _Generic(((struct cbox_lock *)NULL)->state, uint32_t: 1, default: 0),
               "cbox_lock_acquire and cbox_lock_release use the first word, a uint32_t");

cbox_lock *cbox_lock_create(void) {
    cbox_lock *lock = malloc(sizeof(cbox_lock));
    if (lock == NULL || pthread_mutex_init(&lock->waiting, NULL) != 0 ||
        pthread_cond_init(&lock->released, NULL) != 0) {
        __builtin_trap();
    }
    lock->state = CBOX_LOCK_FREE;
    return lock;
}

void cbox_lock_destroy(cbox_lock *lock) {
    pthread_cond_destroy(&lock->released);
    pthread_mutex_destroy(&lock->waiting);
    free(lock);
}

void cbox_lock_wait(cbox_lock *lock) {
    if (pthread_mutex_lock(&lock->waiting) != 0) __builtin_trap();
    while (__atomic_exchange_n(&lock->state, CBOX_LOCK_CONTENDED, __ATOMIC_ACQUIRE) != CBOX_LOCK_FREE) {
        if (pthread_cond_wait(&lock->released, &lock->waiting) != 0) __builtin_trap();
    }
    if (pthread_mutex_unlock(&lock->waiting) != 0) __builtin_trap();
}

void cbox_lock_wake(cbox_lock *lock) {
    if (pthread_mutex_lock(&lock->waiting) != 0) __builtin_trap();
    pthread_cond_signal(&lock->released);
    if (pthread_mutex_unlock(&lock->waiting) != 0) __builtin_trap();
}

#endif

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
