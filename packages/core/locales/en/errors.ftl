# The one error family (errors.ts): a surface of the platform that does not answer, with nothing left to fall back to.

errors-could-not = Could not { $what }: { $message }
errors-no-surface-hint = The platform did not answer this call on any surface this client knows; try again later, and report it if it persists.
errors-access-forbidden-hint = Check the id and that your account may see it; the account may lack permission, or the workspace is disabled.
errors-token-unavailable-hint = This account can only use the session login, which this call does not support.
