# What is wrong with a flag's value (apps/cli/src/input-issues.ts). English output is zod's own text:
# these English messages say the same, for translators; only the other languages are worded from them.

cli-input-issue = { $flag }: { $problem }
cli-input-and = { $first }; { $rest }
cli-input-whole = input
cli-input-too-small = Too small: expected { $origin } to be { $relation ->
    [exact] exactly { $limit }
    [inclusive] >={ $limit }
   *[exclusive] >{ $limit }
}
cli-input-too-big = Too big: expected { $origin } to be { $relation ->
    [exact] exactly { $limit }
    [inclusive] <={ $limit }
   *[exclusive] <{ $limit }
}
cli-input-too-short = Too small: expected { $origin } to have { $relation ->
    [exact] exactly { $limit }
    [inclusive] >={ $limit }
   *[exclusive] >{ $limit }
} { $origin ->
    [string] characters
    [file] bytes
    [map] entries
   *[other] items
}
cli-input-too-long = Too big: expected { $origin } to have { $relation ->
    [exact] exactly { $limit }
    [inclusive] <={ $limit }
   *[exclusive] <{ $limit }
} { $origin ->
    [string] characters
    [file] bytes
    [map] entries
   *[other] items
}
cli-input-type = Invalid input: expected { $expected }
cli-input-type-received = Invalid input: expected { $expected }, received { $received }
cli-input-value = Invalid input: expected { $value }
cli-input-choice = Invalid option: expected one of { $values }
cli-input-starts-with = Invalid string: must start with "{ $text }"
cli-input-ends-with = Invalid string: must end with "{ $text }"
cli-input-includes = Invalid string: must include "{ $text }"
cli-input-pattern = Invalid string: must match pattern { $pattern }
cli-input-format = Invalid { $format }
cli-input-multiple = Invalid number: must be a multiple of { $divisor }
cli-input-unknown-key = Unrecognized key: { $keys }
cli-input-unknown-keys = Unrecognized keys: { $keys }
cli-input-key = Invalid key in { $origin }
cli-input-element = Invalid value in { $origin }
cli-input-invalid = Invalid input
