import OwnershipEngine

/// A container and the children shown inside it, outermost first: what one transition
/// makes disappear or appear. Nearly always one to three controllers, so the first four are
/// kept inline; a transition collected two such lists, and their heap arrays (made, grown,
/// filtered and freed) cost more than the rest of the transition's own work.
package struct ControllerChain: Sequence {
    private var first4: (ObjectID, ObjectID, ObjectID, ObjectID) = (ObjectID(0), ObjectID(0), ObjectID(0), ObjectID(0))
    private var rest: [ObjectID] = []
    package private(set) var count = 0

    package init() {}

    package subscript(i: Int) -> ObjectID {
        switch i {
        case 0: return first4.0
        case 1: return first4.1
        case 2: return first4.2
        case 3: return first4.3
        default: return rest[i - 4]
        }
    }

    package mutating func append(_ o: ObjectID) {
        switch count {
        case 0: first4.0 = o
        case 1: first4.1 = o
        case 2: first4.2 = o
        case 3: first4.3 = o
        default: rest.append(o)
        }
        count += 1
    }

    package func contains(_ o: ObjectID) -> Bool {
        for i in 0..<count where self[i] == o { return true }
        return false
    }

    /// The controllers for which `keep` is true, in order.
    package func filter(_ keep: (ObjectID) -> Bool) -> ControllerChain {
        var out = ControllerChain()
        for i in 0..<count where keep(self[i]) { out.append(self[i]) }
        return out
    }

    package func makeIterator() -> AnyIterator<ObjectID> {
        var i = 0
        let chain = self
        return AnyIterator {
            guard i < chain.count else { return nil }
            defer { i += 1 }
            return chain[i]
        }
    }
}
