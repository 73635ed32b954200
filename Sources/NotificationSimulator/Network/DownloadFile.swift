import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a downloaded body to the file a download task hands its completion (on Linux, where the
/// fixtures' download tasks are data tasks whose body is written to a temporary file; see
/// `FixtureDownload` and `Recipes/_platform`).
///
/// The file holds exactly the body's bytes. Runs of zero bytes (a fixture's `padToBytes`: a 12 MB
/// image is mostly zeros) are left as holes, which read back as zeros, instead of being copied into
/// the page cache only to be deleted when the completion returns. A padded fixture's zeros are not
/// even read: `PaddedBody` knows where they begin.
public enum DownloadFile {
    /// The block size of the zero test.
    static let block = 1 << 16
    /// One block of zeros, to compare with.
    private static let zeros = [UInt8](repeating: 0, count: block)

    /// Writes `data` to a new file at `url` (an existing one is replaced), with zero blocks as holes.
    public static func write(_ data: Data, to url: URL) throws {
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(descriptor) }
        let failure: Int32 = data.withUnsafeBytes { raw -> Int32 in
            guard let base = raw.baseAddress, raw.count > 0 else { return 0 }
            // Only the bytes before `knownZeros` are looked at; the rest are zeros, left as holes.
            let knownZeros = PaddedBody.zerosStart(of: data)
            var offset = 0
            while offset < knownZeros {
                let length = min(block, knownZeros - offset)
                let isZero = zeros.withUnsafeBytes { memcmp(base + offset, $0.baseAddress!, length) == 0 }
                var written = 0
                while !isZero && written < length {
                    let n = pwrite(descriptor, base + offset + written, length - written, off_t(offset + written))
                    if n < 0 && errno == EINTR { continue }
                    guard n > 0 else { return n < 0 ? errno : EIO }
                    written += n
                }
                offset += length
            }
            return ftruncate(descriptor, off_t(raw.count)) == 0 ? 0 : errno
        }
        guard failure == 0 else { throw POSIXError(POSIXErrorCode(rawValue: failure) ?? .EIO) }
    }
}
