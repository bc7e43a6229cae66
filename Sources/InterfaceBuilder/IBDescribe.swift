// A plain, deterministic text rendering of a document, for reviewing what was read.
extension IBDocument {
    public func describe() -> String {
        let names = scriptNames
        /// What a script writes for an object: its script name; a placeholder's display name.
        func name(_ i: Int) -> String { names[i] ?? objects[i].displayName }
        var children = [[Int]](repeating: [], count: objects.count)
        for object in objects {
            if let parent = object.parent, children.indices.contains(parent) {
                children[parent].append(object.index)
            }
        }
        var lines: [String] = [summaryLine()]

        // An explicit stack, not recursion: a document may nest as deep as the XML parser
        // allows (tens of thousands of levels), far more than the call stack holds.
        func render(_ root: Int, depth: Int) {
            var stack = [(root, depth)]
            while let (index, level) = stack.popLast() {
                lines.append(Self.indentation(level) + objectLine(objects[index], name: name(index)))
                for child in children[index].reversed() { stack.append((child, level + 1)) }
            }
        }

        if kind == .storyboard || !scenes.isEmpty {
            for scene in scenes {
                var line = "scene \(scene.id) (line \(scene.location.line))"
                if let controller = scene.controller { line += ", controller \(name(controller))" }
                lines.append(line)
                for index in scene.objects { render(index, depth: 1) }
            }
            var inScene = [Bool](repeating: false, count: objects.count)
            for scene in scenes {
                for index in scene.objects where inScene.indices.contains(index) { inScene[index] = true }
            }
            let loose = objects.filter { $0.parent == nil && !inScene[$0.index] }
            if !loose.isEmpty {
                lines.append("outside scenes:")
                for object in loose { render(object.index, depth: 1) }
            }
        } else {
            let roots = objects.filter { $0.parent == nil }
            let placeholders = roots.filter(\.isPlaceholder)
            if !placeholders.isEmpty {
                lines.append("placeholders:")
                for object in placeholders { render(object.index, depth: 1) }
            }
            let others = roots.filter { !$0.isPlaceholder }
            if !others.isEmpty {
                lines.append("objects:")
                for object in others { render(object.index, depth: 1) }
            }
        }

        if !connections.isEmpty {
            lines.append("connections:")
            for connection in connections { lines.append("  " + connectionLine(connection, name: name)) }
        }
        if !warnings.isEmpty {
            lines.append("warnings:")
            for warning in warnings {
                let at = warning.location.map { "\($0.line):\($0.column): " } ?? ""
                lines.append("  \(at)warning: \(warning.message)")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func summaryLine() -> String {
        let names = scriptNames
        let name = path.split(separator: "/").last.map(String.init) ?? path
        var parts = ["\(platform.displayName) \(kind == .xib ? "xib" : "storyboard")"]
        if kind == .storyboard { parts.append(Self.count(scenes.count, "scene")) }
        parts.append(Self.count(topLevelObjects.count, "top-level object"))
        parts.append(Self.count(placeholders.count, "placeholder"))
        parts.append(Self.count(objects.count, "object") + " in all")
        parts.append(Self.count(connections.count, "connection"))
        if let initialViewController {
            parts.append("initial view controller \(names[initialViewController] ?? objects[initialViewController].displayName)")
        }
        return "\(name): " + parts.joined(separator: ", ")
    }

    /// Indentation stops growing past this depth, so the text stays linear in the size of the
    /// document; deeper lines say their depth instead.
    static let maxIndentedDepth = 40

    static func indentation(_ depth: Int) -> String {
        if depth <= maxIndentedDepth { return String(repeating: "  ", count: depth) }
        return String(repeating: "  ", count: maxIndentedDepth) + "[depth \(depth)] "
    }

    private static func count(_ n: Int, _ noun: String) -> String {
        "\(n) \(noun)\(n == 1 ? "" : "s")"
    }

    private func objectLine(_ object: IBObject, name: String) -> String {
        if object.isPlaceholder {
            let line = "\(object.displayName) (\(object.id))  \(object.effectiveClass)"
            return kind == .storyboard ? line + "  (placeholder)" : line
        }
        var classText = object.className
        if let custom = object.customClass, custom != object.className {
            classText = "\(custom) (\(object.className))"
        }
        let relationship: String
        switch object.relationship {
        case .topLevel: relationship = "top level"
        case .subview: relationship = "subview"
        case .property(let key): relationship = "property \(key)"
        case .collection(let name): relationship = "collection \(name)"
        }
        return "\(name)  \(classText)  (\(relationship), line \(object.location.line))"
    }

    private func connectionLine(_ connection: IBConnection, name: (Int) -> String) -> String {
        let kind: String
        switch connection.kind {
        case .outlet: kind = "outlet"
        case .outletCollection: kind = "outletCollection"
        case .action: kind = "action"
        case .segue: kind = "segue"
        }
        var line = "\(kind)  \(name(connection.source)).\(connection.name) -> "
            + name(connection.destination)
        if let event = connection.eventType { line += "  [\(event)]" }
        if connection.kind == .segue, let segueKind = connection.segueKind, segueKind != "relationship" {
            line += "  [\(segueKind)]"
        }
        return line + "   (line \(connection.location.line))"
    }
}
