import Foundation

/// `nibscript describe FILE.xib`.
enum InterfaceBuilderDescribe {
    static func describe(path: String) -> Driver.Result {
        Driver.Result(status: 2, stdout: "", stderr: "error: 'describe' is not available yet\n")
    }
}
