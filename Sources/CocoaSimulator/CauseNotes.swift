import OwnershipEngine

/// The reasons the Cocoa model gives a retain or release in its own words (`Cause.other`),
/// numbered: the engine's causes are plain data, so the words stay here and a trace line
/// looks them up.
package enum CauseNote: Int32, CaseIterable {
    case convenienceConstructor
    case returnedByPop
    case returnedAutoreleased
    case nibLoaderBalancesAlloc
    case instantiateController
    case viewUnloads
    case loadViewBalancesAlloc

    package var text: String {
        switch self {
        case .convenienceConstructor: return "convenience constructor"
        case .returnedByPop: return "returned by the pop"
        case .returnedAutoreleased: return "returned autoreleased"
        case .nibLoaderBalancesAlloc: return "the nib loader balances its alloc"
        case .instantiateController: return "returned by -instantiateControllerWithIdentifier: (+0)"
        case .viewUnloads: return "the view unloads"
        case .loadViewBalancesAlloc: return "-[UIViewController loadView] balances its alloc"
        }
    }

    package var cause: Cause { .other(note: rawValue) }
}
