# login: saving and checking credentials (operations/login.ts).

login-dry-run = Dry run: the { $target ->
        [harbor] Harbor { $registry } robot account
       *[other] platform account
    } { $username } would be checked at { $where } and saved to profile { $profile }; nothing was sent or saved.
login-plan-summary = Check and save the { $target ->
        [harbor] Harbor { $registry } robot account
       *[other] platform account
    } { $username } in profile { $profile }
login-change-saved = saved (0600)
login-replaced = It replaced the account { $previous } saved in profile { $profile }; `inspire profile add` keeps several accounts side by side.
login-label-profile = profile
login-label-account = account
login-label-target = target
login-label-verified = verified
login-verified = yes
login-verified-by = yes ({ $method })
login-not-verified = no (saved; the platform could not be reached)
