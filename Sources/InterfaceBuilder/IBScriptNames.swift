// The names a nibscript script uses for a document's objects, shared by `describe` and the
// loader so that what `describe` prints is what a script writes.
extension IBDocument {
    /// One name per object, index-aligned with `objects` (placeholders get nil): the
    /// `userLabel`, else the element and the first part of the id (`label_Mpr`), made into an
    /// identifier; duplicates, in document order, get `_2`, `_3`… `owner` is reserved for
    /// File's Owner.
    public var scriptNames: [String?] {
        // A table of a million names sized at once, probed by their bytes (a Set rehashed
        // twenty times as it grew, and scattered the names across memory).
        var used = IBIDTable<Void>()
        used.reserveCapacity(objects.count + 1)
        _ = used.insert("owner", ())
        return scriptNames { name in used.insert(name, ()).inserted ? name : nil }
    }

    /// The same names, each as `claim` gives it back: `claim` takes a name if no object has
    /// taken it yet (nor `owner`), and then returns what stands for it, else nil. The loader
    /// claims them in the script's own table of names, so that a million names are hashed
    /// into one table, not two.
    @inlinable
    public func scriptNames<Name>(claiming claim: (String) -> Name?) -> [Name?] {
        // The next suffix to try for each name, so a thousand objects of one label are
        // numbered in linear time, not by trying every suffix again for each.
        var next: [String: Int] = [:]
        // By index, reading fields in place: a copy of each object cost more than its name.
        return objects.indices.map { i in
            guard !objects[i].isPlaceholder else { return nil }
            let base = Self.scriptIdentifier(objects[i].displayName)
            if let name = claim(base) { return name }
            var k = next[base] ?? 2
            while true {
                if let name = claim("\(base)_\(k)") {
                    next[base] = k + 1
                    return name
                }
                k += 1
            }
        }
    }

    /// Letters, digits and `_` are kept, an apostrophe is dropped, any other run of
    /// characters becomes one `_`; a name that would start with a digit gets `object_`.
    public static func scriptIdentifier(_ s: String) -> String {
        // Most names (element and id, "label-Mpr") are ASCII: the same rule over bytes,
        // without looking up Unicode properties for every character.
        if s.utf8.allSatisfy({ $0 < 0x80 }) {
            func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
            func isWordByte(_ b: UInt8) -> Bool { (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || isDigit(b) || b == 0x5F }
            // Already an identifier (a userLabel like `titleLabel`): nothing to build.
            if let first = s.utf8.first, !isDigit(first), s.utf8.allSatisfy(isWordByte) { return s }
            var out: [UInt8] = []
            out.reserveCapacity(s.utf8.count)
            for b in s.utf8 {
                if (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || isDigit(b) || b == 0x5F { out.append(b) }
                else if b == 0x27 { continue }
                else if out.last != 0x5F { out.append(0x5F) }
            }
            let text = String(decoding: out, as: UTF8.self)
            return out.first.map { !isDigit($0) } == true ? text : "object_" + text
        }
        var out = ""
        for ch in s.unicodeScalars {
            if ch.properties.isAlphabetic || ("0"..."9").contains(ch) || ch == "_" { out.unicodeScalars.append(ch) }
            else if ch == "'" { continue }
            else if !out.hasSuffix("_") { out += "_" }
        }
        if out.isEmpty || out.first!.isNumber { out = "object_" + out }
        return out
    }
}

extension IBDocument {
    /// The top-level objects a load makes and hands to File's Owner: not the shared
    /// instances the file names (`IBObject.isSharedInstance`).
    public var ownedTopLevelObjects: [Int] {
        topLevelObjects.filter { !objects[$0].isSharedInstance }
    }
}

extension IBObject {
    /// A Mac storyboard's `<application>` (or a Mac xib's Application proxy): NSApp.
    public var isApplicationPlaceholder: Bool { placeholderIdentifier == IBElementMap.applicationIdentifier }

    /// An object the file names that decodes as a shared instance, not a new object: the
    /// Shared User Defaults Controller (`representsSharedInstance`, a legacy file's
    /// `NSSharedInstance`) is `+sharedUserDefaultsController`, and a custom object of class
    /// `NSApplication` ("Shared App", dropped into a pane's nib for bindings) is NSApp.
    /// So is a custom object of Sparkle's `SUUpdater` (the documented way to add Sparkle:
    /// an updater object in the main menu's or a preferences nib): its `-init` returns the
    /// bundle's shared updater, which Sparkle's own table keeps for the application's life
    /// (`-initForBundle:` releases the new object and retains the shared one).
    /// The nib's owner is handed no object of its own for them.
    public var isSharedInstance: Bool {
        guard !isPlaceholder else { return false }
        if attribute("representsSharedInstance") == "YES" { return true }
        return element == "customObject" && Self.sharedInstanceClasses.contains(effectiveClass)
    }

    /// Classes whose object in a nib is a shared instance (see `isSharedInstance`).
    static let sharedInstanceClasses: Set<String> = ["NSApplication", "SUUpdater"]
}
