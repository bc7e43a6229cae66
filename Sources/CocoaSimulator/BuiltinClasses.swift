import OwnershipEngine

/// The catalogue's classes of one platform and memory model, built once per process and
/// shared by every run (issue 27): an audit ran about 32 scenarios per nib and each built
/// and freed its own 96 built-in classes, over half of its work. Every run's engine adopts
/// the template engine's class records (same ids, same slots), and its table starts from
/// this one's arrays, then adds the script's classes.
///
/// Immutable once made: each class is frozen (`RuntimeClass.freeze`) before it is shared,
/// so runs on other threads only read it. Made on first use by Swift's thread-safe
/// initialization of static constants.
final class BuiltinClasses: @unchecked Sendable {
    let table: ClassTable
    let engine: Engine

    private init(platform: PlatformName, arc: Bool) {
        engine = Engine()
        table = ClassTable(builtinsFor: Configuration(platform: platform, major: platform == .ios ? 5 : 10, minor: platform == .ios ? 1 : 7,
                                                      memory: arc ? .arc : .mrc), engine: engine)
        for c in table.classes { c.freeze() }
    }

    // One per platform and memory model (the memory model decides the ivars' ownership):
    // the only parts of a configuration the built-in classes depend on.
    private static let iosMRC = BuiltinClasses(platform: .ios, arc: false)
    private static let iosARC = BuiltinClasses(platform: .ios, arc: true)
    private static let macMRC = BuiltinClasses(platform: .mac, arc: false)
    private static let macARC = BuiltinClasses(platform: .mac, arc: true)

    static func shared(platform: PlatformName, arc: Bool) -> BuiltinClasses {
        switch (platform, arc) {
        case (.ios, false): return iosMRC
        case (.ios, true): return iosARC
        case (.mac, false): return macMRC
        case (.mac, true): return macARC
        }
    }
}
