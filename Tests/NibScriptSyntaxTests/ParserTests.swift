import XCTest
@testable import NibScriptSyntax

final class ParserTests: XCTestCase {
    // MARK: - The example script

    func testExampleParsesIntoTheExpectedTree() {
        XCTAssertEqual(dump(exampleScript), """
        (platform ios 5.1)
        (memory mrc)
        (class Owner : NSObject (outlet label : UILabel retain) (outlet button : UIButton assign) \
        (property name : NSString copy ivar _name) (ivar _spinner : UIActivityIndicatorView) \
        (option accessInstanceVariablesDirectly NO) (method dealloc {(release label)}) \
        (method setValue:forUndefinedKey: {(send self)}) (method initWithCoder: {(= history (new NSMutableArray)) (super)}))
        (class Ctl : UIViewController (nib Panel) (method viewDidLoad {(= (. self imageView) (new UIImageView autoreleased))}))
        (nib Panel (owner Owner) (root : UIView (title : UILabel) (ok : UIButton) (spin : UIActivityIndicatorView)) \
        (vc : Ctl (v : UIView as view)) (connect owner.label -> title) (connect owner.button -> ok) \
        (connect owner.spinner -> spin) (connect owner.views -> title,ok) (connect owner.oldName -> ok stale) \
        (action ok -> owner.buttonTapped:))
        (nib Detail from "Detail.xib")
        (nib MainWindow main (owner UIApplication))
        (scenario "assign outlet to an autoreleased top-level view" {(= o (new Owner)) (load Panel o) \
        (expect count (. o label) == 2) (drain) (expect deallocated root) (expect dangling (. o button)) \
        (= (-> o _spinner) nil) (send (. o button) setHidden:) (expect crash "message sent to deallocated instance") \
        (expect no leaks) (expect leaks root (. o label)) (expect no event dealloc o) (expect event retain (. o label)) \
        (pool {(= x (new NSString autoreleased))}) (push nav b) (memoryWarning) (select tabs 1) (expect loaded c) \
        (expect no onscreen c) (expect warning "not connected")})
        """)
    }

    func testExampleRanges() throws {
        let (script, ds, file) = parse(exampleScript)
        XCTAssertTrue(ds.isEmpty)
        func text(_ r: SourceRange) -> String { file.text(r) }
        func loc(_ r: SourceRange) -> String { "\(file.location(of: r.start))" }

        guard case .platform(let platform) = script.decls[0], case .memory(let memory) = script.decls[1],
              case .classDecl(let owner) = script.decls[2], case .classDecl(let ctl) = script.decls[3],
              case .nib(let panel) = script.decls[4], case .nib(let detail) = script.decls[5],
              case .nib(let mainWindow) = script.decls[6], case .scenario(let scenario) = script.decls[7]
        else { return XCTFail("unexpected declarations") }

        XCTAssertEqual(text(platform.range), "platform ios 5.1")
        XCTAssertEqual(loc(platform.range), "2:1")
        XCTAssertEqual(text(memory.range), "memory mrc")

        // A class covers `class` to its `}`.
        XCTAssertTrue(text(owner.range).hasPrefix("class Owner : NSObject {"))
        XCTAssertTrue(text(owner.range).hasSuffix("super\n    }\n}"))
        XCTAssertEqual(text(owner.name.range), "Owner")
        XCTAssertEqual(loc(owner.name.range), "5:7")
        XCTAssertEqual(text(owner.superclass.range), "NSObject")

        guard case .property(let label) = owner.members[0], case .property(let name) = owner.members[2],
              case .ivar(let spinner) = owner.members[3], case .option(let option) = owner.members[4],
              case .method(let dealloc) = owner.members[5], case .method(let setValue) = owner.members[6]
        else { return XCTFail("unexpected members") }
        XCTAssertEqual(text(label.range), "outlet label : UILabel retain")
        XCTAssertEqual(text(label.name.range), "label")
        XCTAssertEqual(text(label.type.range), "UILabel")
        XCTAssertEqual(label.attributeRange.map(text), "retain")
        XCTAssertTrue(label.isOutlet)
        XCTAssertNil(label.backingIvar)
        XCTAssertEqual(text(name.range), "property name : NSString copy ivar _name")
        XCTAssertFalse(name.isOutlet)
        XCTAssertEqual(name.backingIvar.map { text($0.range) }, "_name")
        XCTAssertEqual(text(spinner.range), "ivar _spinner : UIActivityIndicatorView")
        XCTAssertNil(spinner.qualifier)
        XCTAssertEqual(text(option.range), "option accessInstanceVariablesDirectly NO")
        XCTAssertEqual(option.value?.name, "NO")
        XCTAssertEqual(text(dealloc.range), "dealloc { release label }")
        XCTAssertEqual(text(dealloc.body.range), "{ release label }")
        XCTAssertEqual(text(dealloc.body.statements[0].range), "release label")
        XCTAssertEqual(text(setValue.selector.range), "setValue:forUndefinedKey:")
        XCTAssertEqual(loc(setValue.selector.range), "12:5")
        XCTAssertEqual(text(setValue.body.statements[0].range), "send self")

        guard case .nibName(let nibName, let nibNameRange) = ctl.members[0] else { return XCTFail("no nib member") }
        XCTAssertEqual(text(nibName.range), "Panel")
        XCTAssertEqual(text(nibNameRange), "nib Panel")

        XCTAssertTrue(text(panel.range).hasPrefix("nib Panel {"))
        XCTAssertTrue(text(panel.range).hasSuffix("buttonTapped:\n}"))
        XCTAssertFalse(panel.isMain)
        guard case .inline(let items) = panel.body, case .owner(let ownerClass, let ownerRange) = items[0],
              case .object(let root) = items[1], case .object(let vc) = items[2],
              case .connect(let views) = items[6], case .connect(let stale) = items[7], case .action(let action) = items[8]
        else { return XCTFail("unexpected nib items") }
        XCTAssertEqual(text(ownerRange), "owner : Owner")
        XCTAssertEqual(text(ownerClass.range), "Owner")
        XCTAssertTrue(text(root.range).hasPrefix("root : UIView {"))
        XCTAssertTrue(text(root.range).hasSuffix("spin : UIActivityIndicatorView\n    }"))
        XCTAssertEqual(text(root.children[1].range), "ok : UIButton")
        XCTAssertEqual(text(vc.children[0].range), "v : UIView as view")
        XCTAssertEqual(vc.children[0].key.map { text($0.range) }, "view")
        XCTAssertEqual(text(views.range), "connect owner.views -> title, ok")
        XCTAssertEqual(views.destinations.map { text($0.range) }, ["title", "ok"])
        XCTAssertEqual(text(stale.range), "connect owner.oldName -> ok stale")
        XCTAssertTrue(stale.isStale)
        XCTAssertEqual(text(action.range), "action ok -> owner.buttonTapped:")
        XCTAssertEqual(text(action.selector.range), "buttonTapped:")

        guard case .file(let path, let pathRange) = detail.body else { return XCTFail("Detail is not from a file") }
        XCTAssertEqual(path, "Detail.xib")
        XCTAssertEqual(text(pathRange), "\"Detail.xib\"")
        XCTAssertEqual(text(detail.range), "nib Detail from \"Detail.xib\"")
        XCTAssertTrue(mainWindow.isMain)

        XCTAssertEqual(text(scenario.titleRange), "\"assign outlet to an autoreleased top-level view\"")
        XCTAssertTrue(text(scenario.body.range).hasPrefix("{\n    o = new Owner"))
        XCTAssertTrue(text(scenario.body.range).hasSuffix("\"not connected\"\n}"))
        let s = scenario.body.statements
        guard s.count == 20 else { return XCTFail("\(s.count) statements") }
        XCTAssertEqual(text(s[0].range), "o = new Owner")
        XCTAssertEqual(loc(s[0].range), "52:5")
        XCTAssertEqual(text(s[1].range), "load nib Panel owner o")
        XCTAssertEqual(text(s[2].range), "expect count o.label == 2")
        // The comment and the line break are not part of the statement.
        XCTAssertEqual(text(s[3].range), "drain")
        XCTAssertEqual(text(s[7].range), "send o.button setHidden:")
        XCTAssertEqual(text(s[13].range), "autoreleasepool {\n        x = new NSString autoreleased\n    }")
        XCTAssertEqual(text(s[19].range), "expect warning \"not connected\"")

        guard case .expect(let count) = s[2].kind, case .count(let path, .eq, 2, let opRange) = count.kind,
              case .property(let base, let prop) = path.kind
        else { return XCTFail("not a count") }
        XCTAssertEqual(text(count.range), "count o.label == 2")
        XCTAssertEqual(text(path.range), "o.label")
        XCTAssertEqual(text(base.range), "o")
        XCTAssertEqual(text(prop.range), "label")
        XCTAssertEqual(text(opRange), "==")

        guard case .assign(let target, let value) = s[6].kind, case .ivar(_, let ivar) = target.kind else {
            return XCTFail("not an ivar assignment")
        }
        XCTAssertEqual(text(target.range), "o->_spinner")
        XCTAssertEqual(text(ivar.range), "_spinner")
        XCTAssertEqual(text(value.range), "nil")

        guard case .send(let receiver, let selector, _) = s[7].kind else { return XCTFail("not a send") }
        XCTAssertEqual(text(receiver.range), "o.button")
        XCTAssertEqual(selector.map { text($0.range) }, "setHidden:")

        guard case .assign(_, let newExpr) = s[0].kind, case .new(let cls, false) = newExpr.kind else {
            return XCTFail("not new")
        }
        XCTAssertEqual(text(newExpr.range), "new Owner")
        XCTAssertEqual(text(cls.range), "Owner")

        guard case .command(let verb, let args) = s[16].kind else { return XCTFail("not a command") }
        XCTAssertEqual(text(verb.range), "select")
        XCTAssertEqual(args.map { text($0.range) }, ["tabs", "1"])

        guard case .expect(let noOnscreen) = s[18].kind, case .other(let v, let a, true) = noOnscreen.kind else {
            return XCTFail("not a negated other expectation")
        }
        XCTAssertEqual(v.name, "onscreen")
        XCTAssertEqual(a.map { text($0.range) }, ["c"])
        XCTAssertEqual(text(noOnscreen.range), "no onscreen c")
    }

    // MARK: - Declarations

    func testPlatformAndMemory() {
        XCTAssertEqual(dump("platform ios 6\nplatform mac 10.10\nplatform ios 6.0\nmemory arc\nmemory mrc"),
                       "(platform ios 6.0)\n(platform mac 10.10)\n(platform ios 6.0)\n(memory arc)\n(memory mrc)")
    }

    func testEmptyAndBlankFiles() {
        XCTAssertEqual(dump(""), "")
        XCTAssertEqual(dump("\n\n# just a comment\n   \n"), "")
    }

    func testClassMembers() {
        XCTAssertEqual(dump("""
        class A : NSObject {

            outlet a : UIView
            outlet b : UIView weak ivar _b
            property c : NSString unsafe_unretained
            property d : NSArray strong
            ivar _e : UIView strong
            ivar _f : UIView weak
            ivar _g : UIView unsafe_unretained
            option flag
            nib Detail
            _setSpinner: {
            }
            setValue: forUndefinedKey: { super }
        }
        class B : A {}
        """), """
        (class A : NSObject (outlet a : UIView) (outlet b : UIView weak ivar _b) (property c : NSString unsafe_unretained) \
        (property d : NSArray strong) (ivar _e : UIView strong) (ivar _f : UIView weak) (ivar _g : UIView unsafe_unretained) \
        (option flag) (nib Detail) (method _setSpinner: {}) (method setValue:forUndefinedKey: {(super)}))
        (class B : A)
        """)
    }

    func testSelectorWithSpacesSpansTheWholeSelector() throws {
        let (script, ds, file) = parse("class A : B {\n  setValue : forUndefinedKey : {\n  }\n}")
        XCTAssertTrue(ds.isEmpty)
        guard case .classDecl(let c) = script.decls[0], case .method(let m) = c.members[0] else { return XCTFail() }
        XCTAssertEqual(m.selector.name, "setValue:forUndefinedKey:")
        XCTAssertEqual(file.text(m.selector.range), "setValue : forUndefinedKey :")
    }

    func testMembersMayBeNamedLikeKeywords() {
        // A member keyword followed by `{` is a method of that name.
        XCTAssertEqual(dump("class A : B {\n  nib { drain }\n  outlet nib : UIView\n}"),
                       "(class A : B (method nib {(drain)}) (outlet nib : UIView))")
    }

    func testNibs() {
        XCTAssertEqual(dump("""
        nib A main from "A.xib"
        nib B {
            owner : C
            connect : UIView as view {
                a : UIView {
                    b : UIButton as button {
                    }
                }
            }
            action : UIView
            stale : UIView
            connect table.delegate -> owner
            connect owner.views -> a, b, stale
            action b -> owner.setValue:forKey:
            action b -> owner.go
        }
        nib C {}
        """), """
        (nib A main from "A.xib")
        (nib B (owner C) (connect : UIView as view (a : UIView (b : UIButton as button))) (action : UIView) (stale : UIView) \
        (connect table.delegate -> owner) (connect owner.views -> a,b,stale) (action b -> owner.setValue:forKey:) \
        (action b -> owner.go))
        (nib C)
        """)
    }

    func testNestedObjectRanges() {
        let (script, _, file) = parse("nib N {\n  a : V {\n    b : W as k\n  }\n}")
        guard case .nib(let n) = script.decls[0], case .inline(let items) = n.body, case .object(let a) = items[0] else {
            return XCTFail()
        }
        XCTAssertEqual(file.text(a.range), "a : V {\n    b : W as k\n  }")
        XCTAssertEqual(file.text(a.children[0].range), "b : W as k")
        XCTAssertEqual(file.text(a.className.range), "V")
    }

    // MARK: - Statements

    func testEveryStatement() {
        XCTAssertEqual(dump("""
        scenario "s" {
            retain x
            release x.y
            autorelease x->y
            CFRelease x
            send x
            send x.y doSomething:with:
            send x go
            load nib N owner o.p
            drain
            super
            autoreleasepool {
                autoreleasepool { drain }
            }
            push nav b
            pop nav
            popToRoot nav
            select tabs 1
            present a b
            dismiss a
            memoryWarning
            show c "title" nil
        }
        """), """
        (scenario "s" {(retain x) (release (. x y)) (autorelease (-> x y)) (CFRelease x) (send x) \
        (send (. x y) doSomething:with:) (send x go) (load N (. o p)) (drain) (super) (pool {(pool {(drain)})}) \
        (push nav b) (pop nav) (popToRoot nav) (select tabs 1) (present a b) (dismiss a) (memoryWarning) \
        (show c "title" nil)})
        """)
    }

    func testAssignments() {
        XCTAssertEqual(dump("""
        scenario "s" {
            x = nil
            x = 42
            x = "text"
            x = new UILabel
            x = new UILabel autoreleased
            o.p = y.q->r
            o->iv.p = self
            iv = o
        }
        """), """
        (scenario "s" {(= x nil) (= x 42) (= x "text") (= x (new UILabel)) (= x (new UILabel autoreleased)) \
        (= (. o p) (-> (. y q) r)) (= (. (-> o iv) p) self) (= iv o)})
        """)
    }

    func testVerbsAreContextual() {
        // A verb followed by `=`, `.` or `->` names a variable.
        XCTAssertEqual(dump("""
        scenario "s" {
            show = new X
            release.x = 1
            expect->y = 2
            new = 3
            x = new.p
            drain = new->q
        }
        """), """
        (scenario "s" {(= show (new X)) (= (. release x) 1) (= (-> expect y) 2) (= new 3) (= x (. new p)) \
        (= drain (-> new q))})
        """)
    }

    func testExpressionRanges() {
        let (script, _, file) = parse("scenario \"s\" {\n  a.b->c.d = new X autoreleased\n}")
        guard case .scenario(let s) = script.decls[0], case .assign(let t, let v) = s.body.statements[0].kind,
              case .property(let inner, let d) = t.kind, case .ivar(let ab, let c) = inner.kind else { return XCTFail() }
        XCTAssertEqual(file.text(t.range), "a.b->c.d")
        XCTAssertEqual(file.text(inner.range), "a.b->c")
        XCTAssertEqual(file.text(ab.range), "a.b")
        XCTAssertEqual(file.text(c.range), "c")
        XCTAssertEqual(file.text(d.range), "d")
        XCTAssertEqual(file.text(v.range), "new X autoreleased")
        XCTAssertEqual(file.text(s.body.statements[0].range), "a.b->c.d = new X autoreleased")
    }

    func testStatementsBeforeAClosingBraceOnTheSameLine() {
        XCTAssertEqual(dump("scenario \"s\" { drain }\nscenario \"t\" { autoreleasepool { x = y } }\nscenario \"u\" {}"),
                       "(scenario \"s\" {(drain)})\n(scenario \"t\" {(pool {(= x y)})})\n(scenario \"u\" {})")
    }

    func testIfElse() {
        XCTAssertEqual(dump("class A : B {\n    m {\n        if isViewLoaded && view.window == nil && ios < 6.0 {\n            x = nil\n        } else if !isViewLoaded {\n        }\n        else {\n            y = z\n        }\n        if = 1\n    }\n}"),
                       "(class A : B (method m {(if [isViewLoaded && (. view window) == nil && ios < 6.0] {(= x nil)} else {(if [!isViewLoaded] {} else {(= y z)})}) (= if 1)}))")
        XCTAssertEqual(dump("class A : B {\n    m {\n        if arc && a != b {\n        }\n    }\n}"),
                       "(class A : B (method m {(if [arc && a != b] {})}))")
    }

    func testAnEventBlockAndEventAsAName() {
        XCTAssertEqual(dump("scenario \"s\" {\n    event {\n        push nav b\n        x = y\n    }\n    event = z\n}"),
                       "(scenario \"s\" {(event {(push nav b) (= x y)}) (= event z)})")
    }

    // MARK: - Expectations

    func testEveryExpectation() {
        XCTAssertEqual(dump("""
        scenario "s" {
            expect count o.label == 2
            expect count x != 0
            expect count x < 1
            expect count x <= 1
            expect count x > 1
            expect count x >= 1
            expect alive x
            expect deallocated x.y
            expect nil o.delegate
            expect dangling o->b
            expect leaks a
            expect leaks a, b.c, d
            expect no leaks
            expect zombies a, b
            expect no zombies
            expect crash
            expect crash "boom"
            expect no crash
            expect event dealloc
            expect event retain o.label
            expect no event dealloc o
            expect warning "not connected"
            expect loaded c
            expect called o "viewDidLoad" 2
            expect abandoned
            expect no onscreen c
            expect no alive x
        }
        """), """
        (scenario "s" {(expect count (. o label) == 2) (expect count x != 0) (expect count x < 1) (expect count x <= 1) \
        (expect count x > 1) (expect count x >= 1) (expect alive x) (expect deallocated (. x y)) (expect nil (. o delegate)) \
        (expect dangling (-> o b)) (expect leaks a) (expect leaks a (. b c) d) (expect no leaks) (expect zombies a b) \
        (expect no zombies) (expect crash) (expect crash "boom") (expect no crash) (expect event dealloc) \
        (expect event retain (. o label)) (expect no event dealloc o) (expect warning "not connected") (expect loaded c) \
        (expect called o "viewDidLoad" 2) (expect abandoned) (expect no onscreen c) (expect no alive x)})
        """)
    }

    func testTheInterpretersExpectationVerbsAreNotTakenForTypos() {
        // The controller world's verbs (checked by the interpreter) are far from the parser's own words.
        XCTAssertEqual(dump("""
        scenario "s" {
            expect loaded c
            expect onscreen c
            expect called c viewDidLoad
            expect order a b c
            expect abandoned c
            expect no loaded c
            expect no onscreen c
        }
        """), """
        (scenario "s" {(expect loaded c) (expect onscreen c) (expect called c viewDidLoad) (expect order a b c) \
        (expect abandoned c) (expect no loaded c) (expect no onscreen c)})
        """)
    }

    func testExpectationRanges() {
        let (script, _, file) = parse("scenario \"s\" {\n  expect no event dealloc o.p\n  expect leaks a, b\n}")
        guard case .scenario(let s) = script.decls[0], case .expect(let e) = s.body.statements[0].kind,
              case .event(true, let kind, let subject?) = e.kind,
              case .expect(let leaks) = s.body.statements[1].kind else { return XCTFail() }
        XCTAssertEqual(file.text(s.body.statements[0].range), "expect no event dealloc o.p")
        XCTAssertEqual(file.text(e.range), "no event dealloc o.p")
        XCTAssertEqual(file.text(kind.range), "dealloc")
        XCTAssertEqual(file.text(subject.range), "o.p")
        XCTAssertEqual(file.text(leaks.range), "leaks a, b")
    }
}
