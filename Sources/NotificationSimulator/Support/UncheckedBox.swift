/// Carries a value that is not `Sendable` to the thread that runs app code, when the sender never
/// touches it meanwhile: the one unchecked box of the package (recipes keep their own, so each
/// pastes into Xcode alone).
package struct UncheckedBox<T>: @unchecked Sendable {
    /// The value.
    package let value: T
    /// Boxes `value`.
    package init(_ value: T) { self.value = value }
}
