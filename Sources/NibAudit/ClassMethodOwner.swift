import Foundation

// A nib loaded by a class method with `owner:self`:
//
//     + (CellView *)cellFromNib {
//         NSArray *objects = [[NSBundle mainBundle] loadNibNamed:@"Cell" owner:self options:nil];
//         return [objects objectAtIndex:0];
//     }
//
// `self` in a class method is the class object, not an instance: File's Owner is the class
// CellView itself, which holds nothing and receives no outlet (Key-Value Coding on a class
// object knows no instance variable: an outlet of File's Owner raises, like an undefined key
// of any owner). The audit used to take `owner:self` for an instance of the enclosing class
// (L3), and ran the nib with a CellView owner whose outlets the nib does not set, whose
// `dealloc` releases what it never got. A nib every code load of which passes the class
// object is audited with a plain NSObject owner, which holds nothing and has no outlet (an
// outlet of File's Owner is then the undefined key it is), and its note says why.
extension NibLoaders {
    /// The `owner` of a load whose `owner:self` is in a class method.
    static let classObjectOwner = "[self class]"
}

extension NibAuditor {
    /// The note for a nib every code load of which passes the class object of a class method.
    func classObjectOwnerNote(_ loads: [NibLoaders.Load]) -> String? {
        let byClass = loads.filter { $0.owner == NibLoaders.classObjectOwner }
        guard let l = byClass.first, byClass.count == loads.count else { return nil }
        return "\(l.file):\(l.line) loads it in a class method of \(l.inClass ?? "a class") with owner:self, the class object: no instance owns it, audited with a plain NSObject owner (a class object has no outlets)"
    }
}
