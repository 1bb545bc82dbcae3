import CBoxTable
import Testing

extension CBoxTableSuite {
    /// `cbox_table_note_key` and `cbox_table_noted_hash`: hints for the hash of a registered key's string value.
    @Suite struct KeyNotes {
        let fixture = TableFixture()

        /// The noted hash for (`type`, `words`), or `nil`.
        func noted(_ type: UnsafeRawPointer, _ words: (UInt64, UInt64)) -> UInt64? {
            var hash: UInt64 = 0
            return cbox_table_noted_hash(fixture.handle, type, words.0, words.1, &hash) ? hash : nil
        }

        @Test func aTableWithoutNotesHasNone() {
            #expect(noted(TypeID.a, (1, 2)) == nil)
        }

        @Test func aNoteIsFoundByItsTypeAndBothWords() {
            cbox_table_note_key(fixture.handle, TypeID.a, 10, 20, 12_345)
            #expect(noted(TypeID.a, (10, 20)) == 12_345)
            #expect(noted(TypeID.b, (10, 20)) == nil)
            #expect(noted(TypeID.a, (10, 21)) == nil)
            #expect(noted(TypeID.a, (11, 20)) == nil)
        }

        @Test func aLaterNoteForTheSameValueReplacesTheHash() {
            cbox_table_note_key(fixture.handle, TypeID.a, 10, 20, 1)
            cbox_table_note_key(fixture.handle, TypeID.a, 10, 20, 2)
            #expect(noted(TypeID.a, (10, 20)) == 2)
        }

        @Test func notesAreCountedInTheTablesBytes() {
            let before = fixture.stats.bytes
            cbox_table_note_key(fixture.handle, TypeID.a, 10, 20, 1)
            #expect(fixture.stats.bytes == before + Int(CBOX_KEY_NOTES) * MemoryLayout<cbox_key_note>.stride)
        }
    }
}
