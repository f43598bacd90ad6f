# Which flag is wrong (apps/cli/src/input-issues.ts); what is wrong with it is core's (locales/*/issues.ftl).

cli-input-issue = { $flag }: { $problem }
cli-input-and = { $first }; { $rest }
cli-input-whole = input
cli-input-invalid = Invalid input
