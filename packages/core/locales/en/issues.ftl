# What is wrong with a value against a schema (src/words/issues.ts): the CLI's flags, sweep files, serving
# recipes. English output is zod's own text; these messages say the same, checked at run time.

issues-too-small = Too small: expected { $origin } to be { $relation ->
    [exact] exactly { $limit }
    [inclusive] >={ $limit }
   *[exclusive] >{ $limit }
}
issues-too-big = Too big: expected { $origin } to be { $relation ->
    [exact] exactly { $limit }
    [inclusive] <={ $limit }
   *[exclusive] <{ $limit }
}
issues-too-short = Too small: expected { $origin } to have { $relation ->
    [exact] exactly { $limit }
    [inclusive] >={ $limit }
   *[exclusive] >{ $limit }
} { $origin ->
    [string] characters
    [file] bytes
    [map] entries
   *[other] items
}
issues-too-long = Too big: expected { $origin } to have { $relation ->
    [exact] exactly { $limit }
    [inclusive] <={ $limit }
   *[exclusive] <{ $limit }
} { $origin ->
    [string] characters
    [file] bytes
    [map] entries
   *[other] items
}
issues-type = Invalid input: expected { $expected }
issues-type-received = Invalid input: expected { $expected }, received { $received }
issues-value = Invalid input: expected { $value }
issues-choice = Invalid option: expected one of { $values }
issues-starts-with = Invalid string: must start with "{ $text }"
issues-ends-with = Invalid string: must end with "{ $text }"
issues-includes = Invalid string: must include "{ $text }"
issues-pattern = Invalid string: must match pattern { $pattern }
issues-format = Invalid { $format ->
   *[other] { $name }
}
issues-multiple = Invalid number: must be a multiple of { $divisor }
issues-unknown-key = Unrecognized key: { $keys }
issues-unknown-keys = Unrecognized keys: { $keys }
issues-key = Invalid key in { $origin }
issues-element = Invalid value in { $origin }
issues-invalid = Invalid input
issues-said = { $zod }
