import BenchmarkServices
@_spi(Baseline) import BoxKit
import ReportSink

/// A resolve through a `forward`: `Powered` forwarded to a permanent `Engine`, on BoxKit and the Dictionary
/// baseline; the goals hold it to resolving the target directly (`ResolveSuite`'s `permanent resolve`).
struct ForwardSuite {
    let recorder: Recorder

    func run() {
        logProgress("forward")
        let boxes = [Subject.boxKit, .dictionary].map { subject in
            (subject, Self.box(subject == .boxKit ? .hashTable : .dictionary))
        }
        recorder.compare(Operation.forwarded) { subjects in
            for (subject, box) in boxes {
                subjects.add(subject, "resolve((any Powered).self)") { n in
                    for _ in 0..<n { blackHole(box.resolve((any Powered).self)) }
                }
            }
        }
    }

    /// A box of `backend` with a permanent `Engine`, made, and `Powered` forwarded to it.
    private static func box(_ backend: Box.Backend) -> Box {
        let box = Box(backend: backend)
        box.register(life: .permanent) { Engine() }
        box.forward((any Powered).self, to: Engine.self)
        blackHole(box.resolve(Engine.self))
        return box
    }
}
