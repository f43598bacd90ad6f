# 通过 Docker 引擎推送镜像（docker/）。引擎和镜像仓库自己的话（$text、$detail）原样保留。

docker-tls-files = DOCKER_HOST={ $host } 设置了 DOCKER_TLS_VERIFY，但无法从 { $dir } 读取 ca.pem、cert.pem 和 key.pem。
docker-tls-files-hint = 请把 DOCKER_CERT_PATH 设为存放引擎客户端证书的目录；如果引擎是普通 TCP 连接，请取消 DOCKER_TLS_VERIFY。
docker-bad-host = 无法使用 DOCKER_HOST={ $host }：{ $why }。
docker-bad-host-hint = 请把 DOCKER_HOST 设为 unix:///path/to/docker.sock 或 tcp://host:2375（或取消设置以使用默认 socket）。
docker-bad-scheme = 这里不支持协议 "{ $scheme }"
docker-no-socket-path = 它没有给出 socket 路径
docker-invalid-address = 它不是有效的地址
docker-default-socket = 默认 socket { $path }
docker-fix-host = 或修正 DOCKER_HOST（取消设置即使用默认 socket）
docker-set-host = 或把 DOCKER_HOST 设为引擎监听的地址（unix:///path/docker.sock 或 tcp://host:2375）
docker-start-hint = 请启动 Docker（Docker Desktop，或 `sudo systemctl start docker`），{ $elsewhere }，然后重新推送。
docker-no-socket = Docker 未运行：{ $where } 没有引擎 socket。
docker-no-answer = Docker 未运行：{ $where } 无应答（{ $code }）。
docker-permission = 无权访问 { $where } 上的 Docker 引擎。
docker-permission-hint = 请把你的用户加入 docker 组（`sudo usermod -aG docker $USER`，然后重新登录），或把 DOCKER_HOST 指向你可以使用的 socket（例如 rootless Docker 的）。
docker-timeout = { $where } 上的 Docker 引擎在 { $seconds } 秒内没有应答。
docker-timeout-hint = 引擎可能正在启动或已卡住：请检查 `docker info`，{ $elsewhere }。
docker-unreachable = 无法连接 { $where } 上的 Docker 引擎：{ $detail }。
docker-no-library = 推送镜像需要 Docker 客户端库 dockerode，但它没有安装。
docker-no-library-hint = 请在使用 @holos-inspire/core 的项目中运行 `{ $command }` 安装它，然后重新推送；其他操作都不需要它。
docker-broken-library = 无法加载 Docker 客户端库 dockerode：{ $detail }。
docker-broken-library-hint = 请用 `{ $command }` 重新安装它（或重新安装带有它的程序），然后重新推送。

docker-engine-failed = Docker 引擎在{ $doing }时出错（HTTP { $status }）：{ $detail }。
docker-no-detail = 无详细信息
docker-engine-failed-hint = 请用 `docker info` 检查引擎；引擎正常后重新推送。
docker-no-image = { $where } 上的引擎中没有本地 Docker 镜像 "{ $image }"。
docker-no-image-pick-hint = 请指定一个本地镜像（`docker images` 会列出全部），或先用 `docker build -t { $image } .` 构建。
docker-no-image-build-hint = 请先构建或拉取它（`docker build -t { $image } .`）；`docker images` 会列出引擎已有的镜像。
docker-doing-lookup = 查找 { $image }
docker-doing-tag = 把 { $image } 标记为 { $target }
docker-doing-push = 开始推送 { $target }

docker-login-hint = 请从 启智平台 → 镜像管理 → 本地推送 复制 { $registry } 机器人账号（不是平台密码），然后用 { $call } 保存。
docker-no-credentials = 没有为 { $registry } 镜像仓库保存 Harbor 凭据，因此推送无法登录。
docker-tag-gone = 引擎中已没有要推送的 { $target }：{ $text }。
docker-tag-gone-hint = 推送期间该标签被删除了；请重新推送。
docker-auth = { $registry } 镜像仓库（{ $host }）拒绝了已保存的机器人账号：{ $text }。
docker-quota = { $registry } 镜像仓库因镜像大小或项目存储配额拒绝了该镜像：{ $text }。
docker-quota-hint = 请减小镜像（更少或更精简的层），或在 镜像管理 中删除不用的标签；如果配额必须增加，请联系平台管理员。
docker-denied = { $registry } 镜像仓库拒绝推送到 { $target }：{ $text }。
docker-denied-hint = 机器人账号可能没有 inspire-studio 的推送权限；请从 镜像管理 → 本地推送 复制一个新的，或联系平台管理员。
docker-tls = 引擎无法与 { $registry } 镜像仓库（{ $host }）建立安全连接：{ $text }。
docker-tls-hint = 请检查配置中的镜像仓库地址（endpoints.registries），以及引擎的证书或 insecure-registries 设置。
docker-network = Docker 引擎无法连接 { $host } 上的 { $registry } 镜像仓库：{ $text }。
docker-network-hint = Harbor 只能从校园网或 VPN 访问：请连接，确认引擎能解析该主机名，然后重新推送。
docker-server = { $registry } 镜像仓库在接收镜像时出错：{ $text }。
docker-server-hint = Harbor 可能暂时不可用（5xx 通常在约 15 分钟内恢复）；请稍后重新推送，已完成的层会被跳过。
docker-push-failed = 把 { $target } 推送到 { $registry } 镜像仓库失败：{ $text }。
docker-push-failed-hint = 请重新推送；如果仍以同样方式失败，请试试 `docker push`，查看引擎自己的输出。
docker-interrupted = 推送 { $target } 在镜像仓库确认之前被中断。
docker-interrupted-said = 推送 { $target } 在镜像仓库确认之前被中断：{ $detail }。
docker-interrupted-hint = 请重新执行同样的推送：已经上传的层会被跳过。推送期间请保持连接校园网或 VPN。

docker-name-hint = 请提供 { $name }（小写字母、数字和 . _ -，例如 my-train）和 { $tag }（例如 v1）；它们即“镜像名称”和“版本号”。
docker-no-name = 无法从 "{ $image }" 得出仓库名。
docker-bad-name = "{ $name }:{ $tag }" 不是有效的仓库名和标签。
docker-dry-run = 试运行：将把 { $image } 标记为 { $target }，并推送到 { $registry } 镜像仓库。
docker-real-push-needs = { $message } 实际推送需要它：{ $hint }
docker-connecting = 正在连接 Docker 引擎
docker-pushing = 正在推送 { $target }
docker-confirming = 正在通过 Harbor API 确认 { $name }:{ $tag }
docker-unconfirmed = 推送已完成，但 Harbor API 无法确认：{ $reason }
docker-listed-elsewhere = 推送已完成，但 Harbor API 显示 { $name }:{ $tag } 的摘要是 { $listed }，而不是 { $digest }；请检查 { $call }。
docker-listed-nowhere = 推送已完成，但 Harbor API 中找不到 { $name }:{ $tag }（应为 { $digest }）；请检查 { $call }。
docker-tag-replaced = 标签 { $tag } 之前指向 { $digest }；现在指向刚推送的镜像。
docker-description-unsaved = 仓库描述未保存：{ $reason }
docker-registration-unchecked = 无法确认平台是否已登记该镜像：{ $reason }
docker-registration-no-workspace = 无法确认平台是否已登记该镜像：没有启用的空间使用 { $registry } 镜像仓库。

docker-layer = 层 { $id }：{ $what }
docker-layer-pushing = 正在推送 { $current }
docker-layer-pushing-of = 正在推送 { $current } / { $total }
docker-layer-pushed = 已推送 { $current }
docker-layer-existing = 镜像仓库中已有
docker-layer-waiting = 等待中
