# Words every part of core uses. Messages are grouped by area, one .ftl file per area; ids start with the
# area. Values: { $name }; numbers choose plural forms with [one] / *[other].

common-none = (none)

# Lines of a render that speak to the reader beside the result: the CLI sends them to stderr, and finds
# them by these beginnings in either language (apps/cli/src/output.ts).
common-warning = warning: { $text }
common-hint = hint: { $text }
common-note = note: { $text }
common-next = Next:

# A duration as tables show it: 45s, 12m 30s, 1h 05m, 8d 8h (the second number comes as two digits).
common-duration-seconds = { $s }s
common-duration-minutes = { $m }m { $s }s
common-duration-hours = { $h }h { $m }m
common-duration-days = { $d }d { $h }h
# A size: 9.1 GB, 512 MB.
common-size-gb = { $size } GB
common-size-mb = { $size } MB
