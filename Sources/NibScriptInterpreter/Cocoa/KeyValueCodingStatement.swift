import CocoaSimulator
import NibScriptSyntax
import OwnershipEngine

extension ScenarioRun {
    /// `send o setValue:forKey: v "key"`: Foundation's `setValue:forKey:` on any object, the
    /// search of N7 on both platforms (Key-Value Coding is Foundation's, the same on the Mac;
    /// only the Mac *nib loader* searches otherwise, N6): `setKey:`, `_setKey:`, then the
    /// ivars `_key`, `_isKey`, `key`, `isKey` (retaining the new value, releasing the old),
    /// then `setValue:forUndefinedKey:`, which raises NSUnknownKeyException unless
    /// overridden. `v` may be nil.
    func setValue(_ value: ObjectID?, forKey key: String, of o: ObjectID) {
        let target = KeyValueCoding.iosSearch(key, in: runtimeClass(of: o))
        connectOutlet(key, of: o, to: value, target: target, by: "setValue:forKey:")
    }
}
