import CBoxRuntime
import CBoxTable
import Testing

extension CBoxTableSuite {
    /// Which of the C targets' platform branches this build runs. Linux takes the branches Apple platforms
    /// build when `make test-as-apple` defines their settings for C and Swift alike; these specs fail if a
    /// setting reaches one compiler and not the other, or stops selecting its branch. Serialized: one spec
    /// turns the readers' fences on and off, which another reads.
    @Suite(.serialized) struct PlatformBranches {
        @Test func theHashComesFromTheXXHashLibraryUnlessTheOwnXXH3IsAskedFor() {
            #if CBOX_OWN_XXH3 || canImport(Darwin)
                #expect(!cbox_hash_uses_xxhash_library())
            #else
                #expect(cbox_hash_uses_xxhash_library())
            #endif
        }

        @Test func readersFenceThemselvesExactlyWhereThereIsNoMembarrier() {
            // The choice is made when the first reader attaches.
            _ = cbox_reader_current()
            #if CBOX_NO_MEMBARRIER || canImport(Darwin)
                #expect(cbox_readers_fence())
            #else
                #expect(!cbox_readers_fence())
            #endif
        }

        @Test func forcedFencesStayOnUntilTurnedOffThenFollowThePlatform() {
            cbox_readers_force_fence(true)
            #expect(cbox_readers_fence())
            cbox_readers_force_fence(false)
            #if CBOX_NO_MEMBARRIER || canImport(Darwin)
                #expect(cbox_readers_fence())
            #else
                #expect(!cbox_readers_fence())
            #endif
        }

        @Test func theLockIsAPlainMutexWhereApplePlatformsUseOne() {
            #if CBOX_PTHREAD_LOCK || canImport(Darwin)
                #expect(CBOX_LOCK_IS_PTHREAD_MUTEX == 1)
            #else
                #expect(CBOX_LOCK_IS_PTHREAD_MUTEX == 0)
            #endif
        }
    }
}
