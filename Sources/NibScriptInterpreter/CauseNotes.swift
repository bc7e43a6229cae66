import OwnershipEngine
import CocoaSimulator

// The fixed notes themselves (`CauseNote`) are the frameworks' words: CocoaSimulator/CauseNotes.swift.

extension ScenarioRun {
    /// How many of a traced run's own causes keep their words. A cause is put in words when
    /// its event is traced, within the engine call it was given to, so one made thousands of
    /// causes ago is never asked for again; and a traced run of a million objects keeps no
    /// million strings.
    package static let tracedCauseLimit = 4096

    /// A traced run's own words for a cause (`because`), numbered after the fixed notes, in
    /// a ring of `tracedCauseLimit` numbers.
    package func tracedCause(_ text: String) -> Cause {
        let k = tracedCauseNext
        if k < tracedCauseNotes.count { tracedCauseNotes[k] = text } else { tracedCauseNotes.append(text) }
        tracedCauseNext = (k + 1) % Self.tracedCauseLimit
        return .other(note: Int32(CauseNote.allCases.count + k))
    }

    /// The words of `Cause.other(note:)`: a fixed note, or one a traced run made.
    package func causeNoteText(_ note: Int32) -> String {
        if let fixed = CauseNote(rawValue: note) { return fixed.text }
        let k = Int(note) - CauseNote.allCases.count
        return k >= 0 && k < tracedCauseNotes.count ? tracedCauseNotes[k] : ""
    }
}
