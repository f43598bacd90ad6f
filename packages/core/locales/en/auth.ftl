# Logging in (auth/): the CAS chain, token login, the session, saving accounts, where a password may go.
# The CAS page's own words ($text) pass through as it wrote them.

auth-login-http = The login service answered HTTP { $status }.
auth-login-http-hint = The platform is having trouble; try again in a minute.
auth-lost-in-chain = An answer in the login chain was lost and its one-time ticket could not be used again.
auth-lost-in-chain-hint = Try again; each login starts afresh.
auth-too-many-hops = The login chain redirected more than { $hops ->
        [one] { $hops } time
       *[other] { $hops } times
    }.
auth-browser-once-hint = Log in through a browser once, then try again.
auth-cas-no-reason = The CAS login did not complete and gave no reason.
auth-cas-locked = The account is locked (CAS: { $text }).
auth-cas-locked-hint = Wait for the lock to clear, or unlock it in a browser; automatic logins stay off until you log in again.
auth-cas-captcha = CAS now asks for a captcha ({ $text }).
auth-cas-captcha-hint = Log in once through a browser at { $url }, wait a few minutes, then log in here again.
auth-cas-rejected = CAS rejected the username or password ({ $text }).
auth-check-password-hint = Check the 学工号 and password, then log in again.
auth-cas-failed = The CAS login failed: { $text }.
auth-keeps-failing-hint = Try again; if it keeps failing, log in through a browser once.
auth-no-cas-link = The login page offered no CAS sign-in link.
auth-no-cas-link-hint = The platform's login flow may have changed; report it.
auth-cas-not-reached = The CAS page was not reached.
auth-no-session = The login chain ended without a platform session.

auth-bad-url = The address to log in to (from { $from }) is not a valid URL; no password was sent.
auth-bad-url-hint = Set it to https://… (INSPIRE_BASE_URL, or `inspire profile add <name> --base-url https://…`).
auth-clear-text = Refusing to send a password to { $where } (from { $from }): only https, or plain http to this machine, keeps it off the network in clear text.
auth-clear-text-http-hint = Use https://{ $host } instead (change { $from }); plain http is allowed only for 127.0.0.1, ::1 and localhost.
auth-clear-text-hint = Use an https:// address (change { $from }).
auth-from-base-url = the profile's base URL
auth-from-cas-page = the CAS login page the platform redirected to
auth-from-argument = the base URL argument
auth-from-built-in = the built-in base URL
auth-from-registry-api = the { $registry } registry's api in profile { $profile }
auth-from-registry-push = the { $registry } registry's push host

auth-latin1 = The password has characters outside Latin-1, which the CAS login's encryption cannot carry.
auth-latin1-hint = Log in with the token method, or change the password on the platform to one without such characters.

auth-empty-username = The username is empty.
auth-empty-username-hint = Pass your 学工号 (or the Harbor robot account name).
auth-empty-password = The password is empty.
auth-empty-password-hint = Pass the password on standard input or at the prompt.
auth-logged-in = Logged in as { $username }.
auth-logged-in-session = Logged in as { $username } (CAS session; this account cannot use token login).
auth-saved-unverified = Saved for { $username }, not verified: the platform could not be reached. The credentials will be used once the campus network or VPN is back.
auth-harbor-rejected = The { $registry } registry rejected this robot account; nothing was saved.
auth-harbor-rejected-hint = Copy the account from 启智平台 → 镜像管理 → 本地推送 ({ $registry }); it is not your platform password.
auth-harbor-saved = Harbor ({ $registry }) credentials saved and accepted.
auth-harbor-saved-unverified = Harbor ({ $registry }) credentials saved, not verified: { $host } could not be reached (campus network or VPN needed).

auth-not-logged-in = No platform credentials are saved for this profile.
auth-not-logged-in-hint = Log in from a terminal with `inspire login` (the password stays out of any conversation).
auth-rejected-saved = The platform rejected the saved credentials ({ $reason }); automatic login is off.
auth-rejected-saved-hint = Log in again with `inspire login` once the password (or the lock) is sorted out.
auth-cooldown = A login failed moments ago; the next attempt is allowed in { $seconds } s.
auth-cooldown-hint = Wait a minute and try again (this pause protects the account from lockout).
auth-federated = This account is federated through CAS and cannot use token login.
auth-federated-hint = The session login is used instead; no action is needed unless this call requires the token API.

auth-invalid-grant = The platform refused a token for this account (invalid_grant).
auth-invalid-grant-hint = Check the 学工号 and password. If they are right, the account is federated through CAS and cannot get a token: the session login is used instead.
auth-token-failed = Token login failed with HTTP { $status }.
auth-token-failed-said = Token login failed with HTTP { $status }: { $message }.
auth-token-failed-hint = The platform may be partly down; try again in a few minutes.
