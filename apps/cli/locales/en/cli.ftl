# The CLI's own words (apps/cli/src). Ids start with `cli-`; core's words are in packages/core/locales.

cli-lang-unknown = inspire: warning: INSPIRE_LANG={ $value } names no language inspire speaks (en, zh-CN); using English.
cli-code-cache-untrusted = inspire: warning: the code cache was not loaded: { $reason } { $hint }
cli-error = error: { $text }
cli-error-candidates = candidates:
cli-error-more-candidates = … { $count } more (--json lists them all)
cli-error-bug = This is a bug; please report it.
cli-cancelled = Cancelled; nothing was changed.

cli-usage-needs-subcommand = { $command } needs a subcommand: { $subcommands }.
cli-usage-run-help = Run `{ $command } --help`.
cli-usage-see-help = Run `{ $command } --help` for its commands and flags.
cli-usage-flags-help = See --help for the flags of this command.
cli-usage-password-flag = A password is not taken as a flag: it would stay in your shell history and the process list.
cli-usage-password-flag-hint = Pipe it to --password-stdin, e.g. `printf '%s' "$PASSWORD" | inspire login --username … --password-stdin`, or leave both out to be asked.
cli-usage-help-topic = unknown help topic "{ $topic }"
cli-usage-help-topics = Topics here: { $topics }.

cli-confirm-needed = { $command } changes or removes something and needs confirmation.
cli-confirm-needed-hint = Pass --yes to go ahead without a prompt, --dry-run to see what it would do, or run it on a terminal to be asked.
cli-confirm-run = Really run { $command }?

cli-flag-number = { $flag } takes a number, got "{ $value }".
cli-flag-number-hint = Pass a number, e.g. { $flag } 1.
cli-flag-json = { $flag } holds invalid JSON: { $value }
cli-flag-json-hint = Quote the value for the shell and check its brackets and quotes.
cli-flag-record = { $flag } takes KEY=VALUE or a JSON object, got "{ $value }".
cli-flag-record-hint = Repeat the flag per pair, e.g. { $flag } KEY=VALUE.

# inspire doctor: each check's name as people read it, what it found, and what to do.
cli-doctor-name-config = config
cli-doctor-name-file-modes = file modes
cli-doctor-name-proxy = proxy
cli-doctor-name-dns = dns
cli-doctor-name-tcp = tcp
cli-doctor-name-tls = tls
cli-doctor-name-platform-reachable = platform reachable
cli-doctor-name-clock = clock
cli-doctor-name-platform-answers = platform answers
cli-doctor-name-credentials = credentials
cli-doctor-name-session = session
cli-doctor-name-harbor = harbor { $registry }
cli-doctor-fix = fix: { $fix }
cli-doctor-off-campus = Connect to the campus network or the VPN; saved credentials work again once it is reachable.
cli-doctor-timed-out = { $what } timed out
cli-doctor-dns-lookup = DNS lookup
cli-doctor-tcp-connect = TCP connect
cli-doctor-tls-handshake = TLS handshake
cli-doctor-http-request = HTTP request
cli-doctor-modes-ok = credentials and sessions are readable only by you
cli-doctor-modes-loose = readable by others: { $files }
cli-doctor-tcp-ok = { $address } accepts connections
cli-doctor-tls-ok = the certificate is valid
cli-doctor-check-proxy = Check the proxy settings.
cli-doctor-clock-no-date = the platform sent no Date header
cli-doctor-nothing-to-do = Nothing to do.
cli-doctor-clock-ahead = this machine's clock is { $seconds } s ahead of the platform's (creates use the platform's clock and are not affected)
cli-doctor-clock-behind = this machine's clock is { $seconds } s behind the platform's (creates use the platform's clock and are not affected)
cli-doctor-clock-sync = Sync the clock (NTP): tokens are renewed early or late.
cli-doctor-clock-ok = within { $seconds } s of the platform ({ $skew } s)
cli-doctor-config-ok = { $file } is valid (profile { $profile })
cli-doctor-config-fix = Fix or move the file; `inspire config get` shows the values.
cli-doctor-proxy = requests go through { $proxy }
cli-doctor-proxy-none = none
cli-doctor-credentials-none = no platform account is saved for profile { $profile }
cli-doctor-credentials-ok = { $username } is accepted by the platform
cli-doctor-credentials-ok-named = { $username } is accepted by the platform ({ $name })
cli-doctor-credentials-unchecked = saved for { $username }, not checked: { $reason }
cli-doctor-session-rejected = the platform rejected the saved password
cli-doctor-session-ok = token valid until { $until }
cli-doctor-session-expired = the token expired
cli-doctor-session-renewed = Nothing to do: it is renewed on the next call.
cli-doctor-session-none = no token cached
cli-doctor-session-obtained = Nothing to do: one is obtained on the next call.
cli-doctor-harbor-none = no robot account saved
cli-doctor-harbor-ok = { $username } is accepted
cli-doctor-harbor-rejected = { $username } is rejected
cli-doctor-harbor-unchecked = not checked: { $reason }

# Commander's parse errors, said again in another language (commander-words.ts); English shows commander's own.
cli-commander-unknown-option = unknown option '{ $option }'
cli-commander-unknown-command = unknown command '{ $command }'
cli-commander-missing-argument = missing required argument '{ $argument }'
cli-commander-option-missing-value = option '{ $option }' argument missing
cli-commander-required-option = required option '{ $option }' not specified
cli-commander-too-many = too many arguments for '{ $command }'. Expected { $expected } { $expected ->
    [one] argument
   *[other] arguments
  } but got { $got }.
cli-commander-option-choice = option '{ $option }' argument '{ $value }' is invalid. Allowed choices are { $choices }.
cli-commander-argument-choice = command-argument value '{ $value }' is invalid for argument '{ $argument }'. Allowed choices are { $choices }.
cli-commander-conflict = { $one } cannot be used with { $other }
cli-commander-did-you-mean = Did you mean { $name }?
cli-commander-did-you-mean-one-of = Did you mean one of { $names }?
# An unknown command or verb: the commands of that name elsewhere in the tree (suggest.ts).
cli-suggest-meant = { $count ->
        [one] Did you mean { $commands }?
       *[other] Did you mean one of { $commands }?
    }
cli-suggest-group-lacks = { $group } has no command { $word } (its commands: { $has }).
cli-suggest-elsewhere = { $count ->
        [one] { $commands } is in another group.
       *[other] { $commands } are in other groups.
    }
