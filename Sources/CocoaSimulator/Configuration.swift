/// The platform a configuration simulates: iOS (UIKit) or the Mac (AppKit).
public enum PlatformName: String, Sendable, CaseIterable { case ios, mac }

/// The memory model: manual retain/release, ARC, or the Mac's garbage collector.
public enum MemoryModelName: String, Sendable, CaseIterable { case mrc, arc, gc }

/// What a scenario runs on: the platform, its version, and the memory model.
public struct Configuration: Hashable, Sendable, CustomStringConvertible {
    public var platform: PlatformName
    public var major: Int
    public var minor: Int
    public var memory: MemoryModelName

    public init(platform: PlatformName, major: Int, minor: Int, memory: MemoryModelName) {
        self.platform = platform; self.major = major; self.minor = minor; self.memory = memory
    }

    public static let defaultIOS = Configuration(platform: .ios, major: 5, minor: 1, memory: .mrc)

    // Inlinable: asked at nearly every statement by the layers above, across the module boundary.
    @inlinable public var isIOS: Bool { platform == .ios }
    @inlinable public var isMac: Bool { platform == .mac }
    @inlinable public var isARC: Bool { memory == .arc }
    /// The Mac's garbage collector (G1): retain and release do nothing.
    @inlinable public var isGC: Bool { memory == .gc }
    @inlinable public func atLeast(_ major: Int, _ minor: Int = 0) -> Bool { (self.major, self.minor) >= (major, minor) }

    /// Zeroing weak references arrived with iOS 5.0 and OS X 10.7.
    @inlinable public var supportsWeak: Bool { isIOS ? atLeast(5) : atLeast(10, 7) }
    /// ARC itself needs iOS 4.0 or OS X 10.6 (without weak).
    @inlinable public var supportsARC: Bool { isIOS ? atLeast(4) : atLeast(10, 6) }

    public var versionText: String { "\(major).\(minor)" }
    public var description: String { "\(platform.rawValue) \(versionText), \(memory.rawValue)" }
}
