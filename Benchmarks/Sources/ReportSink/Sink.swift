/// Consumes `object` where the optimiser cannot see, so the work that produced it cannot be removed.
///
/// The reference is taken owned (+1), as a resolve returns it, so the floor that reads a stored reference
/// pays the same retain and release that every resolve's caller does. It is not generic, so the sink itself
/// costs one call and one release. `@_optimize(none)` keeps the optimiser from proving the call has no effect
/// and deleting it (as package-benchmark's `blackHole` does); it lives in its own module so nothing is
/// inlined around it.
@inline(never)
@_optimize(none)
public func blackHole(_ object: consuming AnyObject) {}

/// Consumes any value where the optimiser cannot see (slower than the object sink: it is generic).
@inline(never)
@_optimize(none)
public func blackHole<T>(value: consuming T) {}

/// Returns `value` unchanged, where the optimiser cannot see, so it cannot specialise code on what it is
/// (a stored closure stays a call through a closure).
@inline(never)
@_optimize(none)
public func opaque<T>(_ value: T) -> T { value }
