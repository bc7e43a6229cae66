/// `nibscript SUBCOMMAND --help`: each subcommand's own usage, with the options the README
/// lists for it, so that `--help` after a subcommand answers for that subcommand (it was an
/// "unknown option" for `test`, a "no such file" for `describe`, the global help elsewhere).
/// `SubcommandTests` checks every option of the README's command table against these texts.
package enum SubcommandHelp {
    /// The subcommands in the order of the README's table.
    package static let subcommands = ["run", "test", "describe", "matrix", "explore", "graph", "report", "import", "audit", "lsp"]

    package static func text(_ subcommand: String) -> String? {
        let body: String
        switch subcommand {
        case "run": body = """
            USAGE: nibscript run [--quiet] [--format text|json] [--config <name>] [--error-limit N] <file>...

            Runs each scenario of each script and prints its trace, summary and expectations.
            '-' reads the script from standard input.

            OPTIONS:
              --quiet, -q             Print only the summary and expectations of each scenario.
              --format text|json      The text trace (default) or JSON Lines, one record per
                                      event, summary and expectation (schema: docs/schemas/run.schema.json).
              --config <name>         Run the script as that column of 'matrix' does ('mac arc',
                                      'ios 6.0 mrc', ...), with its full trace.
              --error-limit N         Stop printing errors after N (default 20; 0 for no limit).
              -h, --help              Show this help.

            EXIT STATUS: 0 every expectation holds, 1 one failed, 2 a usage or script error.
            """
        case "test": body = """
            USAGE: nibscript test [--update] [--quiet] [--error-limit N] [<dir> | <file.nibscript>]

            Runs every .nibscript under <dir> (default: examples; relative or absolute), or the
            one script named, and compares its output with the golden .out file beside it.

            OPTIONS:
              --update                Rewrite the golden files instead of comparing (never on CI).
              --error-limit N         Stop printing errors after N (default 20; 0 for no limit).
              --quiet                 Draw no progress line on standard error (drawn only when
                                      it is a terminal).
              -h, --help              Show this help.

            EXIT STATUS: 0 every golden matches, 1 one differs, 2 a usage error.
            """
        case "describe": body = """
            USAGE: nibscript describe <file.xib>

            Prints the nib model read from an Interface Builder file: a .xib, a .storyboard, or
            a .nib bundle folder holding designable.nib.

            OPTIONS:
              -h, --help              Show this help.

            EXIT STATUS: 0 the file was read, 2 it could not be.
            """
        case "matrix": body = """
            USAGE: nibscript matrix [--format text|json] [--quiet] [--error-limit N] <file>

            Runs each scenario under every configuration (Mac, iOS 5.1, iOS 6.0 and later; MRC
            and ARC) and prints one table of outcomes.

            OPTIONS:
              --format text|json      A table (default) or one JSON object (schema:
                                      docs/schemas/matrix.schema.json).
              --error-limit N         Stop printing errors after N (default 20; 0 for no limit).
              --quiet                 Draw no progress line on standard error (drawn only when
                                      it is a terminal).
              -h, --help              Show this help.

            EXIT STATUS: 0 every expectation holds in every cell that ran, 1 one failed, 2 a
                         usage error or a script that does not compile.
            """
        case "explore": body = """
            USAGE: nibscript explore [--warnings K] [--max-variants N] [--format text|json]
                                     [--sequential] [--quiet] [--error-limit N] <file>
                   nibscript explore --shard I/N [--warnings K] [--max-variants N] <file>
                   nibscript explore --merge [--format text|json] <shard.json>...
                   nibscript explore --bench [--size N] [--warnings K]

            Inserts up to K memory warnings at every run-loop turn, takes every branch of each
            'choose', and reports each outcome the original run did not have, with its path.

            OPTIONS:
              --warnings K            Memory warnings per variant (default 1, at most 8).
              --max-variants N        Stop after N variants in all (default 20,000).
              --format text|json      Text (default) or one JSON object (schema:
                                      docs/schemas/explore.schema.json).
              --sequential            Run the variants on one core, not on all.
              --shard I/N             Explore the I-th of N parts of the variants; print JSON.
              --merge                 Print the report of one unsharded run from the shards' files.
              --bench, --size N       The benchmark, and its generated script's pushes (1 to 1000).
              --error-limit N         Stop printing errors after N (default 20; 0 for no limit).
              --quiet                 Draw no progress line on standard error (drawn only when
                                      it is a terminal).
              -h, --help              Show this help.

            EXIT STATUS: 0 no new outcome, 1 a new outcome, 2 a usage or script error.
            """
        case "graph": body = """
            USAGE: nibscript graph [--scenario <title>] [--at <line>] [--format dot|svg] <file>

            Prints the objects of a scenario (default: the first) after a line (default: its
            end) and the references between them, as Graphviz DOT or a standalone SVG.

            OPTIONS:
              --scenario <title>      The scenario to draw.
              --at <line>             The state after this line of the scenario.
              --format dot|svg        Graphviz DOT (default) or SVG (no Graphviz needed).
              -h, --help              Show this help.

            EXIT STATUS: 0 drawn, 2 a usage or script error.
            """
        case "report": body = """
            USAGE: nibscript report [--detail-budget MB] <file> [-o <report.html>]

            Writes one self-contained HTML page: findings, the source with each line's events
            and expectations, the object graph after a clicked line, retain-count timelines,
            the matrix. Without -o the page goes to standard output.

            OPTIONS:
              -o, --output <file>     Where to write the page (a new or regular file only).
              --detail-budget MB      Past MB of per-line detail (default 20) the rest is cut
                                      with a note.
              -h, --help              Show this help.

            EXIT STATUS: 0 every expectation holds, 1 one failed (the page is written all the
                         same), 2 a usage or script error.
            """
        case "import": body = """
            USAGE: nibscript import [--platform ios|mac] [--memory mrc|arc] <file>...

            Reads classes, outlets and the memory statements of their methods from .h, .m, .mm,
            .pch and .swift files and prints them as nibscript classes, each member with its
            source line and each statement not understood as a comment.

            OPTIONS:
              --platform ios|mac      The platform (default: what the sources suggest).
              --memory mrc|arc        The memory model (default: what the sources suggest).
              -h, --help              Show this help.

            EXIT STATUS: 0 read, 2 a usage error or a file that cannot be read.
            """
        case "audit": body = """
            USAGE: nibscript audit [--platform P] [--memory M] [--format text|json|sarif]
                                   [--baseline <file>] [--strict] [--all-configurations] [--fix]
                                   [--jobs N] [--quiet] <dir>
                   nibscript audit --summary <dir>...

            Matches every .xib, .storyboard and .nib under <dir> with the classes of its sources
            and the loads that use it, under the project's own settings (project.pbxproj), runs
            standard scenarios, and reports leaks, abandoned memory, dangling outlets, zombie
            messages, over-releases and retain cycles with their fixes.

            OPTIONS:
              --platform P            ios, ios5.1, ios6.0 or mac: overrides the project's.
              --memory M              mrc or arc: overrides the project's.
              --format text|json|sarif
                                      Text (default), one JSON object (schema:
                                      docs/schemas/audit.schema.json) or SARIF 2.1.0.
              --baseline <file>       Leave out the findings a report written by
                                      'audit --format json' records.
              --strict                A nib not read makes the status 2.
              --all-configurations    Every build configuration, not only the shipped one.
              --fix                   Print the fixes, each proven by auditing the fixed sources
                                      again, as one unified diff.
              --summary               One line per project: nibs on disk, audited, listed, findings,
                                      seconds.
              --jobs N                Nibs audited at once (default: one per core); the output
                                      is the same for any N.
              --quiet                 Draw no progress line on standard error (drawn only when
                                      it is a terminal).
              -h, --help              Show this help.

            EXIT STATUS: 0 no finding, 1 findings, 2 a bad option or not one nib audited.
            """
        case "lsp": body = """
            USAGE: nibscript lsp [--stdio]

            Serves the Language Server Protocol (JSON-RPC with Content-Length headers) on
            standard input and output, for an editor: the diagnostics of 'run' as you type
            (with "did you mean" fixes as quick fixes), hover on a name (its declaration) and on
            a scenario's line (the objects' counts and states after it in the last run), go to
            definition and find references (classes, nibs, nib objects, variables, outlets),
            completion, the outline, and a pass/fail lens on each scenario. The scenarios run in
            the background after each change; the next change cancels the run.

            OPTIONS:
              --stdio                 Standard input and output (the only transport; accepted
                                      because editors pass it).
              -h, --help              Show this help.

            EXIT STATUS: 0 after the client's 'shutdown' and 'exit', 1 when input ends or
                         'exit' comes without 'shutdown', 2 a usage error.
            """
        default: return nil
        }
        return body + "\n"
    }
}
