/// The repetitions of one measurement, in its unit (nanoseconds per operation, bytes per registration...).
struct Sample: Sendable {
    /// One value per repetition, in the order they were measured.
    let values: [Double]

    /// The middle value (the mean of the two middle ones for an even count).
    var median: Double {
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
    }

    /// The smallest value: the run least disturbed by the rest of the machine.
    var min: Double { values.min() ?? .nan }
}
