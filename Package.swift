// swift-tools-version:5.9
// nibscript: a language and simulator for Cocoa nib and view-controller memory management.
// No package dependencies, by the user's requirement: Foundation and XCTest only.
import PackageDescription

let package = Package(
    name: "nibscript",
    products: [
        .executable(name: "nibscript", targets: ["nibscript"]),
        .library(name: "OwnershipEngine", targets: ["OwnershipEngine"]),
        .library(name: "NibScript", targets: ["NibScript"]),
    ],
    targets: [
        // Retain counts, pools, references, dealloc cascades and events. Knows nothing of the language.
        .target(name: "OwnershipEngine"),
        // A file's bytes read straight into an array, for the two readers below.
        .target(name: "FileBytes"),
        // Source text, tokens, lexer, AST, parser and diagnostics.
        .target(name: "NibScriptSyntax", dependencies: ["FileBytes"]),
        // Reads Interface Builder .xib and .storyboard XML into a neutral document model.
        .target(name: "InterfaceBuilder", dependencies: ["FileBytes"]),
        // Reads classes, outlets and memory-relevant method statements from Objective-C and
        // Swift sources (a tokenizer, the project's macros and #ifs, a statement splitter; no
        // compiler), for `nibscript import` and `audit`.
        .target(name: "SourceImport"),
        // The simulated frameworks: class table and catalogue, Key-Value Coding, nib models
        // and nib loading, dealloc plans, the controller
        // lifecycle, view loading, navigation and memory warnings, platforms and eras, in the
        // world a run drives (`CocoaWorld`), whose public API a Swift user drives directly, with
        // values of its own (classes as `ClassDescription`s, method bodies as handles its host
        // runs, places as opaque `SourceSpan`s, errors as `SimulatorError`s). May not know the
        // script's syntax, the interpreter, runs, explore, reports or the command line.
        .target(name: "CocoaSimulator", dependencies: ["OwnershipEngine"]),
        // The interpreter: checker, compiler (the script's classes to the simulator's class
        // descriptions, nib blocks and Interface Builder files to its nib models), a scenario's
        // run (statements lowered to engine and world calls; the run is its world's host for
        // the script's method bodies and names),
        // expectations, the trace as it is made, and the public `Simulator`.
        // May not know explore, the reports, the audit or the command line.
        .target(name: "NibScriptInterpreter", dependencies: ["CocoaSimulator", "OwnershipEngine", "FileBytes", "NibScriptSyntax", "InterfaceBuilder"]),
        // The searches over runs: `matrix` (every configuration) and `explore` (every order of
        // the run loop's choices: snapshots, node book, shards). May not know reports or the command line.
        .target(name: "NibScriptExplore", dependencies: ["NibScriptInterpreter", "CocoaSimulator", "OwnershipEngine", "NibScriptSyntax"]),
        // The reports: text, JSON Lines, DOT, SVG, HTML, SARIF; they format values handed to
        // them. May not know the command line.
        .target(name: "NibScriptReports", dependencies: ["NibScriptExplore", "NibScriptInterpreter", "CocoaSimulator", "OwnershipEngine", "NibScriptSyntax"]),
        // The audit: a project's sources and nibs to scenarios, findings and fixes. May not know
        // the command line.
        .target(name: "NibAudit", dependencies: ["NibScriptReports", "NibScriptExplore", "NibScriptInterpreter", "CocoaSimulator",
                                                 "OwnershipEngine", "FileBytes", "NibScriptSyntax", "InterfaceBuilder", "SourceImport"]),
        // `nibscript lsp`: a Language Server Protocol server (JSON-RPC over standard input and
        // output, written with Foundation): diagnostics, hover, definition, references,
        // completion, outline and per-scenario lenses, the scenarios run in the background.
        // May not know the command line.
        .target(name: "NibScriptLanguageServer", dependencies: ["NibScriptReports", "NibScriptInterpreter", "CocoaSimulator",
                                                                "OwnershipEngine", "NibScriptSyntax"]),
        // The command line: every command's arguments, help, errors and exit codes (`Driver`).
        .target(name: "NibScriptCommandLine", dependencies: ["NibScriptLanguageServer", "NibAudit", "NibScriptReports", "NibScriptExplore", "NibScriptInterpreter",
                                                             "CocoaSimulator", "OwnershipEngine", "FileBytes", "NibScriptSyntax", "InterfaceBuilder", "SourceImport"]),
        // The library product for Swift users: re-exports the layers above, holds no code.
        .target(name: "NibScript", dependencies: ["CocoaSimulator", "NibScriptInterpreter", "NibScriptExplore", "NibScriptReports",
                                                  "NibAudit", "NibScriptCommandLine"]),
        // The `nibscript` executable: a thin shell over NibScriptCommandLine's `Driver`.
        .executableTarget(name: "nibscript", dependencies: ["NibScriptCommandLine"]),
        // The benchmark's workloads and input generators; the native reference loop beside
        // them is Objective-C, compiled by the benchmark itself when gcc and GNUstep are there.
        .target(name: "NibScriptBenchmarks", dependencies: ["OwnershipEngine", "NibScript", "NibScriptSyntax", "NibScriptInterpreter",
                                                            "NibScriptExplore", "NibAudit", "NibScriptCommandLine"],
                exclude: ["native-loop.m"]),
        .executableTarget(name: "nibscript-bench", dependencies: ["NibScriptBenchmarks"], path: "Sources/nibscript-bench"),
        // What the test targets share: a seeded random generator.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        // The language server's protocol, driven in-process with framed messages.
        .testTarget(name: "NibScriptLanguageServerTests", dependencies: ["NibScriptLanguageServer", "NibScriptSyntax", "TestSupport"]),
        .testTarget(name: "OwnershipEngineTests", dependencies: ["OwnershipEngine", "TestSupport"]),
        // The simulator layer on its own, driven without a script (Mike Ash's table, row by row,
        // and the world's public API alone).
        .testTarget(name: "CocoaSimulatorTests", dependencies: ["CocoaSimulator", "OwnershipEngine"]),
        .testTarget(name: "NibScriptSyntaxTests", dependencies: ["NibScriptSyntax", "TestSupport"]),
        .testTarget(name: "InterfaceBuilderTests", dependencies: ["InterfaceBuilder", "FileBytes", "TestSupport"],
                    exclude: ["Fixtures"]),
        .testTarget(name: "SourceImportTests", dependencies: ["SourceImport", "TestSupport"]),
        .testTarget(name: "NibScriptTests", dependencies: ["NibScript", "CocoaSimulator", "NibScriptInterpreter", "NibScriptExplore", "NibScriptReports",
                                                           "NibAudit", "NibScriptCommandLine", "FileBytes", "InterfaceBuilder", "NibScriptSyntax", "NibScriptBenchmarks", "SourceImport",
                                                           "TestSupport"],
                    exclude: ["Fixtures"]),
    ]
)
