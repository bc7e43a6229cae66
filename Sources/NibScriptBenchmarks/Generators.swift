/// Inputs the benchmark makes for itself, at any size, so every figure can be rerun anywhere.
public enum Generate {
    /// `statements` statements of retain, release, retain, autorelease and drain on one object:
    /// six engine events for every five statements.
    public static func countingScript(statements: Int) -> String {
        var s = "platform ios 5.1\nmemory mrc\nscenario \"counting\" {\n    a = new NSObject\n"
        s.reserveCapacity(statements * 14 + 200)
        var k = 1
        while k + 5 <= statements {
            s += "    retain a\n    release a\n    retain a\n    autorelease a\n    drain\n"
            k += 5
        }
        s += "    expect count a == 1\n}\n"
        return s
    }

    /// A nib block of `objects` views (the owner not counted) nested ten to a parent, breadth
    /// first, with ten outlets of the owner on the first ten views. The scenario loads it and
    /// drains: the views stay, held by the outlet on the top-level view.
    public static func nibBlockScript(objects: Int) -> String {
        let n = max(1, objects)
        var children = [[Int]](repeating: [], count: n + 1)
        for i in 2...max(2, n) where i <= n { children[(i - 2) / 10 + 1].append(i) }
        var s = "platform ios 5.1\nmemory mrc\nclass Owner : NSObject {\n"
        let outlets = min(10, n)
        for k in 0..<outlets { s += "    outlet o\(k) : UIView retain\n" }
        s += "}\nnib Big {\n    owner : Owner\n"
        // Iterative, depth first, so the text nests as the tree does.
        var stack: [(node: Int, depth: Int, closing: Bool)] = [(1, 1, false)]
        while let (node, depth, closing) = stack.popLast() {
            let indent = String(repeating: "    ", count: depth)
            if closing { s += indent + "}\n"; continue }
            if children[node].isEmpty {
                s += indent + "v\(node) : UIView\n"
            } else {
                s += indent + "v\(node) : UIView {\n"
                stack.append((node, depth, true))
                for c in children[node].reversed() { stack.append((c, depth + 1, false)) }
            }
        }
        for k in 0..<outlets { s += "    connect owner.o\(k) -> v\(k + 1)\n" }
        s += "}\nscenario \"load a big nib\" {\n    o = new Owner\n    load nib Big owner o\n    drain\n    expect alive v1\n}\n"
        return s
    }

    /// A chain of `objects` nodes in one nib, each holding the next through a retain outlet.
    /// The nib's top-level objects are autoreleased (N4), so the drain releases them newest
    /// first: every node but the head keeps its predecessor's retain, and the head's release
    /// deallocates the whole chain at once, one cascade `objects` deep.
    public static func chainScript(objects: Int) -> String {
        let n = max(2, objects)
        var s = """
        platform ios 5.1
        memory mrc
        class Node : NSObject {
            outlet next : Node retain
            dealloc {
                release next
                super
            }
        }
        nib Chain {
            owner : NSObject

        """
        s.reserveCapacity(n * 40 + 300)
        for i in 1...n { s += "    n\(i) : Node\n" }
        for i in 1..<n { s += "    connect n\(i).next -> n\(i + 1)\n" }
        s += """
        }
        scenario "release a chain at once" {
            o = new NSObject
            load nib Chain owner o
            drain
            expect deallocated n1
            expect deallocated n\(n)
        }

        """
        return s
    }

    /// A modern iOS `.xib` of `objects` views and labels nested ten to a parent (labels at the
    /// leaves), File's Owner of class Owner.
    public static func xib(objects: Int) -> String {
        let n = max(1, objects)
        var children = [[Int]](repeating: [], count: n + 1)
        for i in 2...max(2, n) where i <= n { children[(i - 2) / 10 + 1].append(i) }
        var s = """
        <?xml version="1.0" encoding="UTF-8" standalone="no"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="4514" systemVersion="12F45" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none">
            <objects>
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner" customClass="Owner"/>
                <placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>

        """
        s.reserveCapacity(n * 120 + 1000)
        var stack: [(node: Int, closing: Bool)] = [(1, false)]
        while let (node, closing) = stack.popLast() {
            if closing { s += "</subviews></view>\n"; continue }
            if children[node].isEmpty {
                s += "<label text=\"L\(node)\" id=\"n\(node)\" userLabel=\"v\(node)\"><rect key=\"frame\" x=\"0\" y=\"0\" width=\"10\" height=\"10\"/></label>\n"
            } else {
                s += "<view id=\"n\(node)\" userLabel=\"v\(node)\"><rect key=\"frame\" x=\"0\" y=\"0\" width=\"10\" height=\"10\"/><subviews>\n"
                stack.append((node, true))
                for c in children[node].reversed() { stack.append((c, false)) }
            }
        }
        s += "    </objects>\n</document>\n"
        return s
    }

    /// The script that loads `xibPath` (relative to the script) and drains.
    public static func xibScript(xibPath: String) -> String {
        """
        platform ios 5.1
        memory mrc
        class Owner : NSObject {
        }
        nib Big from "\(xibPath)"
        scenario "load a big xib" {
            o = new Owner
            load nib Big owner o
            drain
        }

        """
    }
}
