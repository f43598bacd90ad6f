# Profiles, login, logout and settings (commands/profile.ts, commands/account.ts, store.ts).

cli-yes = yes
cli-no = no
cli-profiles-profile = PROFILE
cli-profiles-account = ACCOUNT
cli-profiles-logged-in = LOGGED IN
cli-profiles-harbor = HARBOR
cli-profiles-platform = PLATFORM
cli-profiles-production = production
cli-profile-registry-pair = { $flag } takes <registry>=<value> with registry qb or sj, got "{ $value }".
cli-profile-registry-pair-hint = e.g. { $flag } qb=…
cli-profile-emulator-and-base-url = --emulator and --base-url both name the platform's address.
cli-profile-emulator-and-base-url-hint = Give one of them: --emulator also points Harbor at the emulator.
cli-profile-created = Created profile { $name }. Use it with `inspire profile use { $name }`, then `inspire login`.
cli-profile-using = Now using profile { $name }.
cli-profile-remove-confirm-needed = { $command } removes saved credentials and needs confirmation.
cli-profile-remove-confirm-needed-hint = Pass --yes to go ahead without a prompt (or run it on a terminal to be asked).
cli-profile-remove-question = Remove profile { $name } and its saved credentials?
cli-profile-removed = Removed profile { $name }.
cli-logout-done = Logged out of profile { $name }: the platform password and session are forgotten (Harbor accounts kept).
cli-logout-nothing = Profile { $name } had no saved platform password; its session is cleared.

cli-login-platform-account = Student/staff ID (学工号)
cli-login-platform = Platform
cli-login-harbor-account = Harbor robot account
cli-login-harbor = Harbor
cli-login-no-stdin = No password on stdin.
cli-login-no-stdin-hint = Pipe the { $what } password in, e.g. `printf '%s' "$PASSWORD" | inspire login … --password-stdin`.
cli-login-no-terminal = No terminal to ask for the { $what } password.
cli-login-no-terminal-hint = Pipe it in with --password-stdin.
cli-login-password-prompt = { $what } password:{ " " }
cli-login-username-required = --username is required: your { $what }.
cli-login-username-required-hint = Pass --username and pipe the password to --password-stdin.
cli-login-username-prompt = { $what }:{ " " }
cli-login-replace-question = Profile { $profile } holds the account { $previous }; replace it with { $username }?
cli-help-login-yes = replace the account the profile holds without asking
cli-login-saved-unverified = The credentials are saved and will be used once the platform can be reached (campus network or VPN).
cli-config-not-a-setting = "{ $key }" is not a setting.
cli-config-settings = Use one of: { $keys }.
