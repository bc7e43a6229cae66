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
        // Swift sources (a tolerant scanner, no compiler), for `nibscript import` and `audit`.
        .target(name: "SourceImport"),
        // The Cocoa model (classes, nibs, controllers, platforms), the interpreter and the reports.
        .target(name: "NibScript", dependencies: ["OwnershipEngine", "FileBytes", "NibScriptSyntax", "InterfaceBuilder", "SourceImport"]),
        // The command line: a thin layer over NibScript.Driver.
        .executableTarget(name: "nibscript", dependencies: ["NibScript"]),
        // The benchmark's workloads and input generators; the native reference loop beside
        // them is Objective-C, compiled by the benchmark itself when gcc and GNUstep are there.
        .target(name: "NibScriptBenchmarks", dependencies: ["OwnershipEngine", "NibScript", "NibScriptSyntax"],
                exclude: ["native-loop.m"]),
        .executableTarget(name: "nibscript-bench", dependencies: ["NibScriptBenchmarks"], path: "Sources/nibscript-bench"),
        // What the test targets share: a seeded random generator.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "OwnershipEngineTests", dependencies: ["OwnershipEngine", "TestSupport"]),
        .testTarget(name: "NibScriptSyntaxTests", dependencies: ["NibScriptSyntax", "TestSupport"]),
        .testTarget(name: "InterfaceBuilderTests", dependencies: ["InterfaceBuilder", "TestSupport"],
                    exclude: ["Fixtures"]),
        .testTarget(name: "NibScriptTests", dependencies: ["NibScript", "InterfaceBuilder", "NibScriptSyntax", "NibScriptBenchmarks", "SourceImport",
                                                           "TestSupport"],
                    exclude: ["Fixtures"]),
    ]
)
