import Foundation
import InterfaceBuilder
import CocoaSimulator
import NibScriptInterpreter
import NibScriptExplore
import NibScriptReports
import NibAudit

/// `nibscript describe FILE.xib`: the document model read from an Interface Builder file.
package enum InterfaceBuilderDescribe {
    static func describe(path: String) -> Driver.Result {
        switch IBReader.read(path: path) {
        case .success(let doc):
            return Driver.Result(status: 0, stdout: doc.describe(), stderr: "")
        case .failure(let f):
            // Each error with a window of its line, up to the error limit.
            let text = IBDiagnosticText.format(f, sourcePath: path).joined()
            return Driver.Result(status: 2, stdout: "", stderr: text)
        }
    }
}
