// Counts read from a block's packed records without rebuilding any statement.

extension Statements {
    /// How many of the block's own statements (not those of blocks nested in it) are packed
    /// assignments of `new X [autoreleased]`: at least as many objects as its run makes, when
    /// it runs to its end. The interpreter reserves the engine's tables for them at once
    /// (issue 27, item 4): grown by doubling, the table of every object ever made held a
    /// copy of itself at its last growth (7 MB of a million objects' 12 MB). Only blocks of
    /// 4,096 statements or more are counted (a walk of their records); others answer 0.
    public var packedNewCount: Int {
        guard records.count >= 4_096 else { return 0 }
        return records.withUnsafeBufferPointer { r in
            var n = 0
            for x in r where x.shape != PackedStmt.escape && x.shape >> 5 == PackedForm.assign {
                let value = x.shape >> 2 & 7
                if value == PackedForm.new || value == PackedForm.newAutoreleased { n += 1 }
            }
            return n
        }
    }
}
