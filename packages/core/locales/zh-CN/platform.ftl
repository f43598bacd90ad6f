# 与平台通信（platform/）：连接、读取应答、只创建一次、Harbor、共享限速。平台自己的消息原样保留（$text、$message）。

platform-refused-connection = { $host } 上没有服务在监听（连接被拒绝）。
platform-refused-loopback-hint = 该端口上的模拟器（或本地服务）是否在运行？请检查配置的 baseUrl（INSPIRE_BASE_URL 优先）。
platform-refused-connection-hint = 请检查配置的 baseUrl（INSPIRE_BASE_URL 优先），以及那里的服务是否在运行。
platform-tls = { $host } 的 TLS 证书未被接受（{ $code }）。
platform-tls-hint = 如果你的网络会检查 TLS，请把 NODE_EXTRA_CA_CERTS 指向其 CA 证书文件。
platform-unreachable = 无法连接 { $host }（{ $code }）{ $attempts ->
        [1] {""}
       *[other] ，已尝试 { $attempts } 次
    }。
platform-timeout = { $host } 未能及时应答{ $attempts ->
        [1] {""}
       *[other] ，已尝试 { $attempts } 次
    }。
platform-broken = 与 { $host } 的连接中断（{ $code }）{ $attempts ->
        [1] {""}
       *[other] ，已尝试 { $attempts } 次
    }。
platform-off-campus-hint = 平台只能从校园网或 aTrust VPN（或代理：HTTPS_PROXY 或配置中的 proxy）访问。请连接后重试。

platform-unreadable = { $surface }：HTTP { $status }，返回{ $body }，无法读取。
platform-body-empty = 空内容
platform-body-html = 一个 HTML 页面
platform-body-not-json = 非 JSON 内容（被截断或已损坏）
platform-body-wrong-type = 类型不符的 JSON
platform-page-answer = 平台返回了 HTML 页面（HTTP 200），而不是数据。
platform-lost-answer-hint = 应答在途中丢失；请求可能已经执行。
platform-no-message = 无消息
platform-rate-limited-hint = 平台正在限速；请等几秒后重试。
platform-check-values-hint = 请检查所发送的值；平台拒绝的原因如上所示。
platform-no-permission-hint = 你的账号没有此权限；请联系项目管理员。
platform-check-id-hint = 请检查 id；{ $jobs }、{ $notebooks } 和 { $models } 会列出现有的内容。
platform-code-error = { $surface }：{ $message }（代码 { $code }）。
platform-refused-hint = 平台拒绝了请求；原因见上面的平台消息。
platform-http-429 = { $surface }：被限速（HTTP 429）。
platform-http-429-hint = 请等几秒后重试。
platform-http-bare = { $surface }：HTTP { $status }，没有说明。
platform-http-5xx-hint = 平台出现故障；请几分钟后重试。
platform-http-4xx-hint = 请求未被接受。
platform-no-surface = { $surface } 不存在（HTTP 404）。
platform-v2-forbidden = { $surface }：禁止访问（HTTP 403）。
platform-v2-redirect = { $surface }：虽已发送凭据，网关仍重定向到了登录页。
platform-v2-redirect-hint = 这是客户端的缺陷（x-inspire-client-source 请求头）；请报告此问题。
platform-v2-no-service = { $surface }：网关没有该服务。
platform-v2-unavailable = { $surface }：{ $code }（{ $message }）。
platform-v2-error = { $surface }：{ $message }（{ $code }）。
platform-conflict-hint = 任务正在改变状态；请等几秒后重试。
platform-internal-hint = 平台内部出错；原因见上面的平台消息。

# 平台自己的消息原样保留；平台本来就说中文，因此中文不另加说明。
platform-says = { $text }{ $meaning }
platform-means-priority-cap = {""}
platform-means-priority-spec = {""}
platform-means-priority-invalid = {""}
platform-means-project-missing = {""}
platform-means-workspace-disabled = {""}
platform-means-user-missing = {""}
platform-means-left-project = {""}
platform-means-time-range = {""}
platform-means-budget = {""}
platform-means-wrong-password = {""}
platform-means-no-account = {""}
platform-means-locked = {""}
platform-means-captcha = {""}
platform-means-bad-parameter = {""}
platform-means-database = {""}
platform-means-group-missing = {""}

platform-credentials-rejected = 平台拒绝了刚获取的凭据。
platform-credentials-rejected-hint = 请用 { $call } 重新登录；如果浏览器中可以登录而这里不行，请报告此问题。
platform-token-needed = { $surface } 需要令牌，而此账号无法获取令牌。

platform-the-task = 该任务
platform-create-failed = 创建失败。
platform-create-refused-after = { $message } 因此{ $what }未创建：之前的尝试已检查过，平台上没有它们。
platform-create-unknown = { $message } 无法确认{ $what }是否已创建（{ $reason }）；它可能已存在。
platform-create-unknown-hint = 再次提交前请先列出你的任务（{ $call }），以免重复启动。
platform-create-absent = { $message } 最终{ $what }未创建（每次尝试后都已检查，共 { $attempts } 次）。
platform-create-absent-hint = 无需清理；请稍后再提交（{ $call } 会显示现有内容）。
platform-recover-ambiguous = 有 { $count } 个名为 { $name } 的任务（{ $ids }）与{ $what }创建时发送的每个字段都相符；无法判断哪一个是它创建的。
platform-recover-ambiguous-hint = 再次提交前请先检查它们。

platform-harbor-no-credentials = 没有为 { $registry } 镜像仓库保存 Harbor 凭据。
platform-harbor-no-credentials-hint = 请在 镜像管理 → 本地推送 获取机器人账号，然后用 { $call } 保存。
platform-harbor-rejected = { $registry } Harbor 镜像仓库拒绝了已保存的机器人账号（HTTP 401）。
platform-harbor-rejected-hint = 请从 镜像管理 → 本地推送（{ $registry }）重新复制账号，然后用 { $call } 重新保存。
platform-harbor-forbidden = { $registry } 机器人账号没有此权限（HTTP 403）。
platform-harbor-forbidden-hint = 机器人账号的权限范围可能不够；请联系平台管理员。
platform-harbor-check-failed = 检查凭据时，{ $registry } Harbor 镜像仓库返回了 HTTP { $status }。
platform-harbor-down-hint = Harbor 可能暂时不可用（5xx 通常在约 15 分钟内恢复）；请稍后重试。

platform-bucket-unused = 与你的其他 inspire 进程共享的限速未在使用：{ $why } 现在每个进程各自限速，多个进程同时运行时可能被平台放慢。
platform-bucket-cannot-update = 无法更新 { $file }（{ $error }）。
