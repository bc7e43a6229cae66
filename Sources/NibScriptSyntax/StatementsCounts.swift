// What is read of a block's packed records without rebuilding any statement: counts, and
// the parts of some records.

extension Statements {
    /// The block of statement `i` when it is an `autoreleasepool` record (see
    /// `StatementsView.poolBlock`).
    @inlinable public func poolBlock(_ i: Int) -> Block? {
        let r = records[i]
        return r.shape == PackedForm.bare << 5 | PackedForm.pool ? blocks[Int(r.names)] : nil
    }

    /// Whether statement `i` is an `expect STATE path` record.
    @inlinable public func isStateExpectation(_ i: Int) -> Bool {
        let r = records[i]
        return r.shape != PackedStmt.escape && r.shape >> 5 == PackedForm.bare && r.shape & PackedForm.expectState != 0
    }

    /// How many of the block's own statements (not those of blocks nested in it) are packed
    /// assignments of `new X [autoreleased]`: at least as many objects as its run makes, when
    /// it runs to its end. The interpreter reserves the engine's tables for them at once
    /// (issue 27, item 4): grown by doubling, the table of every object ever made held a
    /// copy of itself at its last growth (7 MB of a million objects' 12 MB). Only blocks of
    /// 4,096 statements or more are counted (a walk of their records); others answer 0.
    public var packedNewCount: Int {
        guard records.count >= 4_096 else { return 0 }
        return records.withView { r in
            var n = 0
            for i in 0..<r.count {
                let shape = r.shape(i)
                guard shape != PackedStmt.escape, shape >> 5 == PackedForm.assign else { continue }
                let value = shape >> 2 & 7
                if value == PackedForm.new || value == PackedForm.newAutoreleased { n += 1 }
            }
            return n
        }
    }
}
