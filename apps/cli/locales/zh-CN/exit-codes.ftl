# inspire help exit-codes（exit-codes.ts）。

cli-exit-heading = inspire 的退出码：
cli-exit-ok = 成功
cli-exit-error = 命令失败（平台、网络、本地存储或输入错误）
cli-exit-usage = 用法错误：未知的命令或参数，无效的参数或参数值（包括什么都匹配不上的名称），或需要确认但无法询问（没有终端，也没有 --yes）
cli-exit-cancelled = 已取消：拒绝了确认提示（或在输入密码时按了 Ctrl-C）；没有做任何更改
cli-exit-login-needed = 需要登录：没有保存的凭据，或平台或 Harbor 拒绝了它们（运行 `inspire login`）
cli-exit-task-failed = job wait / job show --exit-status：任务失败（或结束时没有到达等待的状态）；serve health --wait：推理服务崩溃或已停止
cli-exit-task-not-finished = job wait / job show --exit-status：任务尚未结束（等待超时）；serve health --wait：未能及时响应
cli-exit-task-not-found = 未找到：没有任何任务（训练任务、notebook、推理服务）或其他对象使用该 ID 或名称，所有命令都如此
cli-exit-task-stopped = job wait / job show --exit-status：任务已被停止
cli-exit-interrupted = 已中断（Ctrl-C）
cli-exit-notes =
    `job wait`（默认等到结束）、`job submit --wait` 和 `job submit -f`（跟随其日志）以任务的结束状态退出：0、10 或 13。
    `notebook exec`、`job exec` 和 `serve exec` 以所运行命令自己的退出码退出（--timeout 后为 124，Ctrl-C 后为 130）；`notebook shell`、`job shell` 和 `serve shell` 以 shell 自己的退出码退出（`exit 5` → 5）。
    拒绝确认提示时退出码为 3，并显示“已取消；没有做任何更改。”（不是错误）；未知的任务 ID 在所有命令中都以 12 退出。
    {""}
    使用 --json 时，失败会在 stderr 上输出 {"{"}"error": {"{"}reason, message, hint, candidates?, fix?, created?{"}"}{"}"}；
    stdout 保持为空，因此它只会包含结果。
