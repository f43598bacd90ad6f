spec-file-syntax = { $at }: the spec file cannot be read: { $problem }
spec-file-unknown = { $at }: { $keys } is not a field of a job spec
spec-file-not-mapping = { $at }: a job spec is a mapping of fields (kind, name, command, spec, …), not a list or a single value.
spec-file-invalid = The spec file { $what } is not valid: { $problems }{ $more ->
        [0] { "" }
       *[other] { " " }(and { $more } more)
    }.
spec-file-invalid-hint = Fix the fields at those lines; a spec has kind (train, hpc or ray) and the fields that kind's submit takes, as the spec written from a job has them.
spec-set-form = --set takes KEY=VALUE, got "{ $value }".
spec-set-form-hint = Write the field's name, = and its value, e.g. --set envs.SEED=1 (a dotted name reaches into a mapping); repeat it for more.
spec-set-not-mapping = --set { $value }: { $key } is not a mapping, so it has no fields to set.
