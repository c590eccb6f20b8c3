"""The `cspdsl` command's exit codes (the table in cli's docstring and the README), in one place for
every command: `cli`, and the commands that live with their parts (`compare`, `instances`,
`generate`, `serve`), end a run the same way."""

EXIT_SOLVED, EXIT_UNSAT, EXIT_BAD_INPUT, EXIT_TIMEOUT, EXIT_INTERNAL = 0, 1, 2, 3, 4
EXIT_INTERRUPTED = 130  # 128 + SIGINT: what a shell reports for a command stopped by Ctrl-C
EXIT_BROKEN_PIPE = 141  # 128 + SIGPIPE: what a Unix filter reports when its reader stops reading
EXIT_OUTPUT_FAILED = 74  # EX_IOERR of sysexits.h: standard output could not be written (a full disk)
EXIT_OUT_OF_MEMORY = 5  # the run passed its --max-memory
