/// What a process about to end leaves to the kernel: values it would otherwise free one by one
/// (thousands of strings, arrays and dictionaries) only to exit straight after. Compilers do the
/// same (clang's `-disable-free`). Only for a process that ends after the work, never in a watch or
/// a test, whose memory would grow with each build.
enum ProcessEnd {
    /// Keeps `value` alive until the process ends.
    static func leave<Value>(_ value: Value) {
        _ = Unmanaged.passRetained(Kept(value))
    }

    /// A value held by a reference that is never released.
    private final class Kept<Value> {
        let value: Value
        init(_ value: Value) { self.value = value }
    }
}
