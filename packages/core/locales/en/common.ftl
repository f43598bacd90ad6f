# Words every part of core uses. Messages are grouped by area, one .ftl file per area; ids start with the
# area. Values: { $name }; numbers choose plural forms with [one] / *[other].

common-none = (none)

# Lines of a render that speak to the reader beside the result: the CLI sends them to stderr, and finds
# them by these beginnings in either language (apps/cli/src/output.ts).
common-warning = warning: { $text }
common-hint = hint: { $text }
common-note = note: { $text }
common-next = Next:
