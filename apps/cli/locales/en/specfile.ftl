cli-spec-flag-wins = Note: { $flags } from the command line { $count ->
        [one] replaces
       *[other] replace
    } the spec file's.
cli-spec-file-kind-flags = --file with kind { $kind } is sent as `{ $command }`; these flags are not fields of it: { $flags }.
cli-spec-file-kind-flags-hint = Drop those flags, or set the fields in the file.
cli-spec-output-format = -o/--output takes yaml, got "{ $value }".
cli-spec-output-format-hint = Use -o yaml to print a spec that `inspire job submit --file` submits again, or --json for the whole record.
cli-spec-output-json = -o yaml prints a spec file and cannot be combined with --json or --jq.
cli-spec-output-json-hint = Drop one of them.
cli-spec-help-file = read the job's fields from a YAML (or JSON) spec file, with kind: train, hpc or ray; flags given here win over the file
cli-spec-help-set = with --file: set a field, KEY=VALUE, the value typed as in YAML; dotted keys (envs.SEED=1); repeatable
cli-spec-help-output = yaml: print the job as a spec file that `inspire job submit --file` submits again
cli-spec-set-needs-file = --set changes fields of a spec file and needs --file.
cli-spec-set-needs-file-hint = Pass --file SPEC.yaml, or give the field as its own flag.
cli-json-help-option = print only the JSON result on stdout; --json=a,b (or --json a,b) keeps those fields (of each row, for a listing)
cli-json-help-jq = filter the JSON result with a jq expression (implies --json), e.g. --jq '.tasks[].id'
cli-json-unknown-field = --json: { $fields } { $count ->
        [one] is not a field
       *[other] are not fields
    } of this result.
cli-json-unknown-field-hint = Available fields: { $available }.
cli-json-jq-failed = --jq: the expression failed: { $problem }
cli-json-jq-failed-hint = Check the jq expression (quote it for the shell), e.g. --jq '.tasks[] | .name'.
