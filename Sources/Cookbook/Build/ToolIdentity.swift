import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which build of the tool is running: the linker's build id of this executable (read from its
/// ELF notes in memory, no file read), or the digest of the executable's bytes where there is none;
/// and the build ids of the shared libraries whose code makes the pages (libcmark, the Swift
/// runtime, Foundation, Dispatch), as loaded.
///
/// The recipes' Swift code is compiled into the tool, so a changed recipe service, the simulator
/// or the renderer each give another identity; a build stamp or cache key made by one build of
/// the tool is never taken for another's. libcmark and the Swift libraries are loaded at start, so
/// upgrading one without relinking the tool changes the identity too.
public enum ToolIdentity {
    /// `build-id:HEX` or `digest:HEX` (`unknown` when neither can be read), then `;NAME=HEX` for
    /// each library of `libraries`.
    public static let current: String = {
        (program + libraries.map { ";\($0.name)=\($0.buildID)" }.joined())
    }()

    /// The loaded shared libraries that render or run what a build writes: file name, path and
    /// build id (`size-SIZE` where a library has no build id), sorted by name.
    public static let libraries: [(name: String, path: String, buildID: String)] = {
        #if os(Linux)
        return loadedObjects().compactMap { path, id in
            let name = String(path.split(separator: "/").last ?? "")
            guard ["libcmark", "libswift", "libFoundation", "lib_Foundation", "libdispatch", "libBlocksRuntime"].contains(where: name.hasPrefix) else { return nil }
            var info = stat()
            return (name, path, id ?? (stat(path, &info) == 0 ? "size-\(info.st_size)" : "unknown"))
        }.sorted { $0.name < $1.name }
        #else
        return []
        #endif
    }()

    /// The executable's part of `current`.
    private static let program: String = {
        #if os(Linux)
        if let id = buildID() { return "build-id:" + id }
        #endif
        let path = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        let executable = FileManager.default.isReadableFile(atPath: path) ? path : (Bundle.main.executablePath ?? "")
        guard let data = FileManager.default.contents(atPath: executable) else { return "unknown" }
        var hash = ContentHash()
        hash.update(data)
        return "digest:" + hash.hex
    }()

    #if os(Linux)
    private typealias AuxiliaryValue = @convention(c) (UInt) -> UInt

    /// The `NT_GNU_BUILD_ID` note of the main program, as hexadecimal digits: its program headers
    /// are found through the auxiliary vector (`AT_PHDR`, `AT_PHNUM`), its notes in memory.
    private static func buildID() -> String? {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "getauxval") else { return nil }
        let getauxval = unsafeBitCast(symbol, to: AuxiliaryValue.self)
        let (atProgramHeaders, atProgramHeaderCount): (UInt, UInt) = (3, 5)
        let (programHeaderType, noteType): (UInt32, UInt32) = (6, 4)
        let headerSize = 56  // Elf64_Phdr: type, flags, offset, vaddr, paddr, filesz, memsz, align
        let count = Int(getauxval(atProgramHeaderCount))
        guard MemoryLayout<Int>.size == 8, count > 0, let headers = UnsafeRawPointer(bitPattern: getauxval(atProgramHeaders)) else { return nil }
        func header(_ index: Int) -> (type: UInt32, address: UInt, size: Int) {
            let base = headers + index * headerSize
            return (base.loadUnaligned(as: UInt32.self), UInt(base.loadUnaligned(fromByteOffset: 16, as: UInt64.self)),
                    Int(base.loadUnaligned(fromByteOffset: 40, as: UInt64.self)))
        }
        // The load bias: where the headers are, minus where the PT_PHDR entry says they would be.
        guard let table = (0..<count).map(header).first(where: { $0.type == programHeaderType }) else { return nil }
        let bias = UInt(bitPattern: headers) &- table.address
        for index in 0..<count where header(index).type == noteType {
            let segment = header(index)
            if let note = UnsafeRawPointer(bitPattern: bias &+ segment.address), let id = gnuBuildID(notes: note, size: segment.size) { return id }
        }
        return nil
    }

    /// The `NT_GNU_BUILD_ID` among the ELF notes at `notes`, as hexadecimal digits, or nil.
    private static func gnuBuildID(notes: UnsafeRawPointer, size: Int) -> String? {
        var note = notes
        let end = notes + size
        while note + 12 <= end {
            let nameSize = Int(note.loadUnaligned(as: UInt32.self))
            let descriptionSize = Int(note.loadUnaligned(fromByteOffset: 4, as: UInt32.self))
            let type = note.loadUnaligned(fromByteOffset: 8, as: UInt32.self)
            let name = note + 12
            let description = name + ((nameSize + 3) & ~3)
            guard description + descriptionSize <= end else { break }
            if type == 3, nameSize == 4, memcmp(name, "GNU", 4) == 0, descriptionSize > 0 {
                return UnsafeRawBufferPointer(start: description, count: descriptionSize)
                    .map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
            }
            note = description + ((descriptionSize + 3) & ~3)
        }
        return nil
    }

    private typealias ObjectVisitor = @convention(c) (UnsafeRawPointer?, Int, UnsafeMutableRawPointer?) -> Int32
    private typealias IterateObjects = @convention(c) (ObjectVisitor, UnsafeMutableRawPointer?) -> Int32

    /// Every loaded shared object with a path, and its build id (nil when it has none), through
    /// `dl_iterate_phdr`: each object's load address, name and program headers
    /// (`struct dl_phdr_info`: address, name, headers, header count, on 64-bit Linux).
    private static func loadedObjects() -> [(path: String, id: String?)] {
        guard MemoryLayout<Int>.size == 8, let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "dl_iterate_phdr") else { return [] }
        let iterate = unsafeBitCast(symbol, to: IterateObjects.self)
        var found: [(path: String, id: String?)] = []
        withUnsafeMutablePointer(to: &found) { pointer in
            _ = iterate({ info, _, context in
                guard let info, let context else { return 0 }
                let base = UInt(info.loadUnaligned(as: UInt64.self))
                guard let name = UnsafePointer<CChar>(bitPattern: UInt(info.loadUnaligned(fromByteOffset: 8, as: UInt64.self))), name.pointee != 0,
                      let headers = UnsafeRawPointer(bitPattern: UInt(info.loadUnaligned(fromByteOffset: 16, as: UInt64.self))) else { return 0 }
                let count = Int(info.loadUnaligned(fromByteOffset: 24, as: UInt16.self))
                var id: String?
                for index in 0..<count where id == nil {
                    let header = headers + index * 56
                    guard header.loadUnaligned(as: UInt32.self) == 4,
                          let notes = UnsafeRawPointer(bitPattern: base &+ UInt(header.loadUnaligned(fromByteOffset: 16, as: UInt64.self))) else { continue }
                    id = ToolIdentity.gnuBuildID(notes: notes, size: Int(header.loadUnaligned(fromByteOffset: 40, as: UInt64.self)))
                }
                context.assumingMemoryBound(to: [(path: String, id: String?)].self).pointee.append((String(cString: name), id))
                return 0
            }, UnsafeMutableRawPointer(pointer))
        }
        return found
    }
    #endif
}
