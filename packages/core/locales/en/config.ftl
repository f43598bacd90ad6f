# config: reading and changing the defaults (operations/config.ts).

config-unknown-workspace = No workspace you can see is named "{ $value }" (as of the last discovery); saved anyway.
config-needs-key = config { $action } needs a key.
config-use-one-of = Use one of: { $keys }.
config-needs-value = config set { $key } needs a value.
config-unset = (unset)
config-plan-summary = { $action ->
        [set] Set
       *[other] Unset
    } { $key } in profile { $profile }
config-env-overrides = { $env } is set in this environment and overrides the saved value.
config-head = Defaults of profile { $profile }:
config-changed = { $key }: { $before } → { $after } (profile { $profile })
config-was-unset = { $key } was not set in profile { $profile }; nothing changed.
config-unchanged = { $key } is already { $value } in profile { $profile }; nothing changed.
config-col-key = KEY
config-col-value = VALUE
config-col-source = SOURCE
