# The active profile (profile.ts): which profile a call uses, and the settings read with it.

profile-bad-rate-limit = INSPIRE_RATE_LIMIT must be a positive number of requests per second, got "{ $value }".
profile-bad-rate-limit-hint = Unset it to use the default of { $default }.
profile-unknown = There is no profile "{ $name }".
profile-unknown-hint = Create it with `inspire profile add`, or pick one of the listed profiles.
