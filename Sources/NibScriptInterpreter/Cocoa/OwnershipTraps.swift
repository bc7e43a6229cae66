import CocoaSimulator
import NibScriptSyntax
import OwnershipEngine

/// The ownership traps Cocoa developers hit beside nibs (rules T1–T5 of grammar.md), as
/// messages to the catalogue's NSTimer, NSURLConnection, NSNotificationCenter and NSBlock
/// and `performSelector:withObject:afterDelay:` to any object. What the run loop and the
/// notification center hold is kept here; it is part of a snapshot and of explore's hash.
package struct TrapState {
    /// T2: delayed performs, in the order scheduled: (receiver, selector, argument).
    package var performs: [(receiver: ObjectID, selector: String, argument: ObjectID?)] = []
    /// T3: observers registered with each center, unretained: (center, observer).
    package var observers: [(center: ObjectID, observer: ObjectID)] = []

    package func digest(into h: inout StableHash) {
        h.combine(-20); h.combine(performs.count)
        for p in performs { h.combine(p.receiver.raw); h.combine(p.selector); h.combine(p.argument.map { Int($0.raw) } ?? -1) }
        h.combine(-21); h.combine(observers.count)
        for o in observers { h.combine(o.center.raw); h.combine(o.observer.raw) }
    }
}

enum OwnershipTraps {
    /// The selectors below: one lookup tells any other message apart (it is asked for every
    /// message the catalogue has no behaviour for).
    static let selectors: Set<String> = ["performSelector:withObject:afterDelay:", "scheduleWithTarget:", "startWithDelegate:",
                                         "invalidate", "fire", "cancel", "finish", "addObserver:", "removeObserver:",
                                         "postNotification", "capture:", "captureWeakly:"]

    /// Performs the message if it is one of the traps'; false otherwise.
    static func perform(_ selector: String, on o: ObjectID, cls: RuntimeClass, arguments: [Operand], in run: ScenarioRun) -> Bool {
        guard selectors.contains(selector) else { return false }
        switch selector {
        case "performSelector:withObject:afterDelay:":
            guard arguments.count == 3, let sel = arguments[0].text else { return false }
            run.schedulePerform(sel, on: o, argument: arguments[1].object)
            return true
        case "scheduleWithTarget:" where cls.isKind(of: "NSTimer"):
            guard let target = arguments.first?.object else { run.note("a timer with a nil target: nothing to retain"); return true }
            run.runLoopAdopts(o, holding: target, in: "target", why: "T1: the run loop retains a scheduled timer, and the timer its target")
            return true
        case "startWithDelegate:" where cls.isKind(of: "NSURLConnection"):
            guard let d = arguments.first?.object else { run.note("a connection with a nil delegate: nothing to retain"); return true }
            run.runLoopAdopts(o, holding: d, in: "delegate", why: "T5: a running connection is held by the run loop, and it retains its delegate")
            return true
        case "invalidate" where cls.isKind(of: "NSTimer"):
            run.runLoopLetsGo(o, of: "target", why: "T1: -invalidate: the timer releases its target, the run loop the timer")
            return true
        case "fire" where cls.isKind(of: "NSTimer"):
            guard let t = run.engine.read(SlotRef(o, cls.property("target")!.slot)) else { run.note("the timer is invalidated: nothing fires"); return true }
            run.send("timerFired:", to: t, arguments: [Operand(object: o)])
            return true
        case "cancel" where cls.isKind(of: "NSURLConnection"):
            run.runLoopLetsGo(o, of: "delegate", why: "T5: -cancel: the connection releases its delegate")
            return true
        case "finish" where cls.isKind(of: "NSURLConnection"):
            if let d = run.engine.read(SlotRef(o, cls.property("delegate")!.slot)) {
                run.send("connectionDidFinishLoading:", to: d, arguments: [Operand(object: o)])
                guard !run.crashed else { return true }
            }
            run.runLoopLetsGo(o, of: "delegate", why: "T5: the load ends: the connection releases its delegate")
            return true
        case "addObserver:" where cls.isKind(of: "NSNotificationCenter"):
            guard let obs = arguments.first?.object else { return true }
            run.traps.observers.append((o, obs))
            run.note("T3: \(run.shortLabel(obs)) observes \(run.shortLabel(o)), which does not retain it")
            return true
        case "removeObserver:" where cls.isKind(of: "NSNotificationCenter"):
            guard let obs = arguments.first?.object else { return true }
            run.traps.observers.removeAll { $0.center == o && $0.observer == obs }
            run.note("T3: \(run.shortLabel(obs)) no longer observes \(run.shortLabel(o))")
            return true
        case "postNotification" where cls.isKind(of: "NSNotificationCenter"):
            run.postNotification(from: o)
            return true
        case "capture:" where cls.isKind(of: "NSBlock"), "captureWeakly:" where cls.isKind(of: "NSBlock"):
            let weak = selector == "captureWeakly:"
            run.note(weak ? "T4: the block captures a __weak reference: no retain" : "T4: the block, copied to the heap, retains what it captures")
            run.storeThroughSetter(cls.property(weak ? "weakCaptured" : "captured")!, of: o, arguments.first ?? .none)
            return true
        default:
            return false
        }
    }
}

extension ScenarioRun {
    /// T1, T5: the run loop holds `o` (a root, one retain), and `o` retains `value` in `slot`.
    func runLoopAdopts(_ o: ObjectID, holding value: ObjectID, in slot: String, why: String) {
        note(why)
        let p = runtimeClass(of: o).property(slot)!
        engine.store(SlotRef(o, p.slot), value, rule: .retain, cause: because(slot))
        guard !extraRoots.contains(o) else { return }
        engine.retain(o, cause: because("the run loop"))
        extraRoots.append(o)
    }

    /// T1, T5: `o` releases what it holds in `slot`, and the run loop lets `o` go.
    func runLoopLetsGo(_ o: ObjectID, of slot: String, why: String) {
        note(why)
        let p = runtimeClass(of: o).property(slot)!
        engine.store(SlotRef(o, p.slot), nil, rule: .retain, cause: because(slot))
        guard !crashed, let k = extraRoots.firstIndex(of: o) else { return }
        extraRoots.remove(at: k)
        engine.release(o, cause: because("the run loop"))
    }

    /// T2: `performSelector:withObject:afterDelay:` retains the receiver and the argument
    /// until the perform fires, at the end of the current event (the next run-loop turn:
    /// nibscript has no clock, so any delay fires there).
    func schedulePerform(_ selector: String, on o: ObjectID, argument: ObjectID?) {
        note("T2: -performSelector:withObject:afterDelay: (\(selector)) retains \(shortLabel(o))\(argument.map { " and \(shortLabel($0))" } ?? "") until it fires")
        engine.retain(o, cause: because("delayed perform"))
        if let a = argument { engine.retain(a, cause: because("delayed perform")) }
        traps.performs.append((o, selector, argument))
    }

    /// T2: the delayed performs scheduled so far fire, in order, then release what they held.
    func firePerforms() {
        while !traps.performs.isEmpty, !crashed {
            let p = traps.performs.removeFirst()
            note("T2: the delayed perform fires: -[\(runtimeClass(of: p.receiver).name) \(p.selector)]")
            send(p.selector, to: p.receiver, arguments: [Operand(object: p.argument)])
            guard !crashed else { return }
            if let a = p.argument { engine.release(a, cause: because("delayed perform done")) }
            engine.release(p.receiver, cause: because("delayed perform done"))
        }
    }

    /// T3: each observer of `center` gets `-handleNotification:`. Before iOS 9 and OS X
    /// 10.11 the center keeps an unretained pointer: a deallocated observer that never
    /// removed itself gets a zombie message. From those versions it holds observers
    /// weakly and skips the deallocated.
    func postNotification(from center: ObjectID) {
        let zeroing = config.isIOS ? config.atLeast(9) : config.atLeast(10, 11)
        for e in traps.observers where e.center == center {
            guard !crashed else { return }
            if !engine.isAlive(e.observer) && zeroing {
                note("T3: \(shortLabel(e.observer)) is deallocated; the center's weak reference is nil: skipped")
                continue
            }
            send("handleNotification:", to: e.observer)
        }
    }
}
