# Settings: the defaults a profile keeps (store/settings.ts).

settings-help-default-project = project name or id used when a call names none
settings-help-default-workspace = workspace name or id used when a call names none
settings-help-default-image = display-domain image address, e.g. docker.sii.shaipower.online/inspire-studio/my-image:v1
settings-help-default-priority = task priority 1–10 (4 or more is not pre-emptible)
settings-help-default-shm = shared memory in MB, as the manual writes it (65536 = 64 GiB); 64Gi is accepted too
settings-help-command-prefix = shell prefix run before every command; {"{"}en_name{"}"} and {"{"}username{"}"} are filled in
settings-help-download-dir = absolute folder for downloads and charts (logs, metrics CSV); default <cacheDir>/downloads; MCP and the plugin write only there
settings-help-lang = language of messages, help and tables: en or zh-CN; default: the locale (LC_ALL, LC_MESSAGES, LANG) in the CLI, English elsewhere
settings-download-dir-refused = downloadDir "{ $dir }" { $why ->
        [relative] is not an absolute path
        [dots] contains ".."
        [hidden] is inside a hidden folder, where configuration and keys live
       *[home] is your home folder or holds it; downloads need a folder of their own
    }.
settings-download-dir-hint = Use an absolute path to a folder of its own, e.g. ~/inspire-downloads (created when missing), or unset downloadDir for <cacheDir>/downloads.
settings-unknown-key = "{ $key }" is not a configuration key.
settings-use-one-of = Use one of: { $keys }.
settings-empty-value = The value for { $key } is empty.
settings-empty-value-hint = To remove it, unset { $key } instead.
settings-priority-invalid = defaultPriority must be a whole number 1–10, got "{ $value }".
settings-priority-invalid-hint = Use e.g. 4.
settings-lang-invalid = lang must be en or zh-CN, got "{ $value }".
settings-lang-invalid-hint = Use en or zh-CN.
settings-env-hint = Fix or unset { $env }.
