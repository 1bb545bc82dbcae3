// Intentionally empty: this module exists for its dependencies (see Benchmarks/Package.swift).
