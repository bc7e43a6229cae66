import Foundation
import InterfaceBuilder
import SourceImport

// The findings that had "no safe fix found" (issue 24, item 4): a fix is offered where a
// correct edit exists — proven, as every fix, by auditing the edited copy again — and where
// none does, the finding says why.
extension NibAuditor {
    /// Words of a dangling outlet's fix into a window the user closes (AuditFix edits the nib).
    static let releasedWhenClosedOff = "turn off Release When Closed"
    /// What a related place says of that window's element in the nib.
    static let closedWindowPlace = "window released when closed"

    /// Why an object made and kept nowhere gets no edit.
    static let noEditForUnkept = " (no edit is offered: autoreleasing it would free it while it is in use — a window controller while its window shows — and where to keep it, and when to let it go, is the design's choice)"
    /// Why a nib loaded again by a guard that tests an outlet the nib never connects gets no edit.
    static let noEditForWrongGuard = " (no edit is offered: which of the two outlets the code meant — the guard's or the nib's — decides whether the code or the nib changes, and other code may use either)"

    /// B3: an outlet that does not retain (a Mac ivar outlet, N6; an assign property) into a
    /// main nib's window released when closed dangles once the user closes that window. The
    /// window's own setting is the fix: with Release When Closed off, closing only orders it
    /// out, and the application keeps it for its life (N5), as it keeps the main nib's other
    /// objects. The finding points at the window's element in the nib, which `--fix` edits
    /// (`releasedWhenClosed="NO"`); a legacy `.nib` gets the words, not the edit.
    func closedWindowFix(_ f: inout Audit.Finding, _ m: ImportedMember, window: IBObject, doc: IBDocument) {
        let place = Audit.Place(file: rel, line: window.location.line, column: window.location.column, what: Self.closedWindowPlace)
        if !f.related.contains(place) { f.related.append(place) }
        let file = (rel as NSString).lastPathComponent
        f.fix = "the user closes \(window.displayName), which is released when closed, and `\(m.name)` does not retain what it points at: \(Self.releasedWhenClosedOff) for that window in \(file) (`releasedWhenClosed=\"NO\"`, line \(window.location.line)), so closing only hides it and the application keeps it; or declare `\(m.name)` a retain property (`@property (retain) IBOutlet`, released in `dealloc`)"
    }
}
