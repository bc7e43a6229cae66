import XCTest
@testable import NibScriptSyntax

/// Parses `text` as a file named `test.nibscript`.
func parse(_ text: String) -> (ScriptFile, [Diagnostic], SourceFile) {
    let file = SourceFile(path: "test.nibscript", text: text)
    let (script, diagnostics) = Parser.parse(file)
    return (script, diagnostics, file)
}

/// Each diagnostic as `line:col: message`, plus ` [note]` for each note.
func errors(_ text: String) -> [String] {
    let (_, ds, file) = parse(text)
    return ds.map { d in
        "\(file.location(of: d.range.start)): \(d.message)" + d.notes.map { " [\($0)]" }.joined()
    }
}

/// The text a range covers.
func slice(_ file: SourceFile, _ range: SourceRange) -> String { file.text(range) }

/// A compact S-expression of the tree, so a test can state a whole tree on one line.
enum Dump {
    static func file(_ f: ScriptFile) -> String { f.decls.map(decl).joined(separator: "\n") }

    static func decl(_ d: Decl) -> String {
        switch d {
        case .platform(let p): return "(platform \(p.platform.rawValue) \(p.major).\(p.minor))"
        case .memory(let m): return "(memory \(m.model.rawValue))"
        case .configurations(let c): return "(configurations " + c.filters.map(\.text).joined(separator: ", ") + ")"
        case .classDecl(let c):
            return "(class \(c.name) : \(c.superclass)" + c.members.map { " " + member($0) }.joined() + ")"
        case .nib(let n):
            var s = "(nib \(n.name)" + (n.isMain ? " main" : "")
            switch n.body {
            case .file(let path, _): s += " from \"\(path)\""
            case .inline(let items): s += items.map { " " + nibItem($0) }.joined()
            case .table(let t): s += " (table of \(t.objects.count) objects, \(t.connections.count) connections)"
            }
            return s + ")"
        case .scenario(let s): return "(scenario \"\(s.title)\" \(block(s.body)))"
        }
    }

    static func member(_ m: Member) -> String {
        switch m {
        case .property(let p):
            var s = "(\(p.isOutlet ? "outlet" : "property") \(p.name) : \(p.type)"
            if let a = p.attribute { s += " \(a.rawValue)" }
            if let i = p.backingIvar { s += " ivar \(i)" }
            return s + ")"
        case .ivar(let i): return "(ivar \(i.name) : \(i.type)" + (i.qualifier.map { " \($0.rawValue)" } ?? "") + ")"
        case .method(let m): return "(method \(m.selector) \(block(m.body)))"
        case .nibName(let n, _): return "(nib \(n))"
        case .option(let o): return "(option \(o.name)" + (o.value.map { " \($0)" } ?? "") + ")"
        }
    }

    static func nibItem(_ i: NibItem) -> String {
        switch i {
        case .owner(let c, _): return "(owner \(c))"
        case .object(let o): return object(o)
        case .connect(let c):
            return "(connect \(c.source).\(c.outlet) -> \(c.destinations.map(\.name).joined(separator: ","))"
                + (c.isStale ? " stale" : "") + ")"
        case .action(let a): return "(action \(a.sender) -> \(a.target).\(a.selector))"
        }
    }

    static func object(_ o: NibObjectDecl) -> String {
        "(\(o.name) : \(o.className)" + (o.key.map { " as \($0)" } ?? "") + o.children.map { " " + object($0) }.joined() + ")"
    }

    static func block(_ b: Block) -> String { "{" + b.statements.map(stmt).joined(separator: " ") + "}" }

    static func stmt(_ s: Stmt) -> String {
        switch s.kind {
        case .assign(let t, let v): return "(= \(expr(t)) \(expr(v)))"
        case .retain(let e): return "(retain \(expr(e)))"
        case .release(let e): return "(release \(expr(e)))"
        case .autorelease(let e): return "(autorelease \(expr(e)))"
        case .cfRelease(let e): return "(CFRelease \(expr(e)))"
        case .send(let e, let sel, let args): return "(send \(expr(e))" + (sel.map { " \($0)" } ?? "") + args.map { " " + expr($0) }.joined() + ")"
        case .loadNib(let n, let o): return "(load \(n) \(expr(o)))"
        case .drain: return "(drain)"
        case .watch(let e): return "(watch \(expr(e)))"
        case .autoreleasePool(let b): return "(pool \(block(b)))"
        case .superCall: return "(super)"
        case .expect(let e):
            let scope = e.scope.map { "(" + $0.map(\.text).joined(separator: ", ") + ") " } ?? ""
            return "(expect \(scope)\(expectation(e.kind)))"
        case .command(let v, let args): return "(\(v)" + args.map { " " + expr($0) }.joined() + ")"
        case .choose(let bs): return "(choose" + bs.map { " " + block($0) }.joined() + ")"
        case .event(let b): return "(event \(block(b)))"
        case .ifElse(let i):
            let terms = i.condition.terms.map { t -> String in
                switch t {
                case .viewLoaded(let n, _): return n ? "!isViewLoaded" : "isViewLoaded"
                case .compare(let a, let eq, let b): return "\(expr(a)) \(eq ? "==" : "!=") \(expr(b))"
                case .platform(let p, let op, let ma, let mi, _): return p.rawValue + (op.map { " \($0.rawValue) \(ma).\(mi)" } ?? "")
                case .memory(let m, _): return m.rawValue
                }
            }
            return "(if [\(terms.joined(separator: " && "))] \(block(i.then))" + (i.otherwise.map { " else " + block($0) } ?? "") + ")"
        }
    }

    static func expectation(_ k: ExpectationKind) -> String {
        switch k {
        case .count(let e, let op, let n, _): return "count \(expr(e)) \(op.rawValue) \(n)"
        case .state(let e, let s): return "\(s.rawValue) \(expr(e))"
        case .leaks(let es): return es.isEmpty ? "no leaks" : "leaks" + es.map { " " + expr($0) }.joined()
        case .zombies(let es): return es.isEmpty ? "no zombies" : "zombies" + es.map { " " + expr($0) }.joined()
        case .crash(let s): return "crash" + (s.map { " \"\($0)\"" } ?? "")
        case .noCrash: return "no crash"
        case .event(let neg, let kind, let subject):
            return (neg ? "no " : "") + "event \(kind)" + (subject.map { " " + expr($0) } ?? "")
        case .warning(let s): return "warning \"\(s)\""
        case .other(let verb, let args, let neg):
            return (neg ? "no " : "") + "\(verb)" + args.map { " " + expr($0) }.joined()
        }
    }

    static func expr(_ e: Expr) -> String {
        switch e.kind {
        case .name(let n): return n.name
        case .nilLiteral: return "nil"
        case .new(let c, let auto): return "(new \(c)" + (auto ? " autoreleased" : "") + ")"
        case .property(let b, let n): return "(. \(expr(b)) \(n))"
        case .ivar(let b, let n): return "(-> \(expr(b)) \(n))"
        case .integer(let i): return "\(i)"
        case .string(let s): return "\"\(s)\""
        }
    }
}

/// Parses text that must have no diagnostics and returns the dump of its tree.
func dump(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> String {
    let (script, ds, _) = parse(text)
    XCTAssertEqual(ds.map(\.message), [], "unexpected diagnostics", file: file, line: line)
    return Dump.file(script)
}

/// The example script from the language brief.
let exampleScript = """
# rules: N4 N7 O5
platform ios 5.1
memory mrc

class Owner : NSObject {
    outlet label : UILabel retain
    outlet button : UIButton assign
    property name : NSString copy ivar _name
    ivar _spinner : UIActivityIndicatorView
    option accessInstanceVariablesDirectly NO
    dealloc { release label }
    setValue:forUndefinedKey: {
        send self
    }
    initWithCoder: {
        history = new NSMutableArray
        super
    }
}

class Ctl : UIViewController {
    nib Panel
    viewDidLoad {
        self.imageView = new UIImageView autoreleased
    }
}

nib Panel {
    owner : Owner
    root : UIView {
        title : UILabel
        ok : UIButton
        spin : UIActivityIndicatorView
    }
    vc : Ctl {
        v : UIView as view
    }
    connect owner.label -> title
    connect owner.button -> ok
    connect owner.spinner -> spin
    connect owner.views -> title, ok
    connect owner.oldName -> ok stale
    action ok -> owner.buttonTapped:
}

nib Detail from "Detail.xib"
nib MainWindow main {
    owner : UIApplication
}

scenario "assign outlet to an autoreleased top-level view" {
    o = new Owner
    load nib Panel owner o
    expect count o.label == 2
    drain                          # the run loop's pool drains: root is gone
    expect deallocated root
    expect dangling o.button
    o->_spinner = nil
    send o.button setHidden:
    expect crash "message sent to deallocated instance"
    expect no leaks
    expect leaks root, o.label
    expect no event dealloc o
    expect event retain o.label
    autoreleasepool {
        x = new NSString autoreleased
    }
    push nav b
    memoryWarning
    select tabs 1
    expect loaded c
    expect no onscreen c
    expect warning "not connected"
}

"""
