settings-help-notify = where --notify without a target sends: a webhook URL (Feishu/Lark, WeCom, DingTalk, Slack are told by their host), kind:URL, or desktop; shown masked
notify-target-invalid = The notification target is not usable: { $why ->
        [kind] the prefix before ":" is not one of webhook, feishu, lark, wecom, dingtalk, slack
        [plain-http] a webhook outside this machine must be https, or its secret and the message cross the network in the clear
       *[url] it is neither "desktop" nor an http or https URL
    }.
notify-target-hint = Give a bot's webhook URL as the bot shows it (e.g. https://open.feishu.cn/open-apis/bot/v2/hook/…), kind:URL for another JSON webhook (webhook:https://…), or desktop.
notify-title = inspire: { $name } ({ $id }) { $outcome }
notify-line-status = Status: { $outcome } ({ $status })
notify-line-runtime = Runtime: { $runtime }
notify-line-cause = Likely cause: { $cause } Fix: { $fix }
notify-line-console = Console: { $url }
notify-bot-refused = the bot refused the message ({ $answer })
notify-http-status = the webhook answered HTTP { $status }
notify-unreachable = the webhook could not be reached ({ $error })
notify-no-desktop = no desktop notifier here (neither notify-send nor osascript was found); use a webhook instead
notify-desktop-failed = the desktop notifier exited with code { $code }
notify-log-sent = { $id } ended ({ $outcome }): { $target } notified ({ $attempts ->
        [one] { $attempts } attempt
       *[other] { $attempts } attempts
    }).
notify-log-failed = { $id } ended, but { $target } was not notified after { $attempts ->
        [one] { $attempts } attempt
       *[other] { $attempts } attempts
    }: { $error }.
notify-log-duplicate = { $id }: { $target } was already notified (or a sender stopped mid-way); not sent again.
notify-log-unread = { $id } could not be read: { $error }
notify-log-done = Every task ended ({ $count }); the waiter is done.
notify-log-recovered = { $id } was pre-empted: submitted again as { $job } (attempt { $n } of at most { $count }).
notify-log-recover-spent = { $id } was pre-empted, and { $count ->
        [one] its recovery attempt is
       *[other] its { $count } recovery attempts are
    } spent: not submitted again.
