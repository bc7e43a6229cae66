/// An expression written back as nibscript text, for messages (`o.label`, `self->_x`).
extension Expr: CustomStringConvertible {
    public var description: String {
        switch kind {
        case .name(let id): return id.name
        case .property(let b, let id): return b.description + "." + id.name
        case .ivar(let b, let id): return b.description + "->" + id.name
        case .new(let c, let autoreleased): return "new " + c.name + (autoreleased ? " autoreleased" : "")
        case .nilLiteral: return "nil"
        case .integer(let n): return String(n)
        case .string(let s): return "\"\(s)\""
        }
    }
}
