# 端口转发：本地监听端口，转发到 notebook 的端口代理或推理服务（api/forward）。

forward-bad-port = { $port } 不是有效的端口号。
forward-bad-port-fix = 请给出 1 到 65535 之间的端口（本地端口为 0 时任选一个空闲端口），例如 8888 或 8080:8888。
forward-port-in-use = { $host } 上的本地端口 { $port } 已被占用。
forward-port-in-use-fix = 请换一个本地端口（LOCAL:REMOTE，例如 18888:8888），或用 0 任选一个空闲端口。
forward-port-refused = 无法在 { $host } 上监听本地端口 { $port }（{ $code }）。
forward-port-refused-fix = 1024 以下的端口需要特权；请选 1024 以上的端口，或用 0 任选一个空闲端口。
forward-no-proxy = notebook { $notebook } 创建时未启用 SSH，平台不会为它开放端口代理。
forward-no-proxy-fix = SSH（以及随之的端口代理）只能在创建时选择：请用 { $call } 新建一个 notebook 并使用它。
forward-serving-not-running = 推理服务 { $serving } 当前为 { $status }；端口转发需要它处于 RUNNING。
forward-serving-not-running-fix = 用 { $call } 查看它的进展。
forward-serving-no-address = 平台尚未给出推理服务 { $serving } 的访问地址。
forward-serving-no-address-fix = 请在它变为 RUNNING 一分钟后重试。
forward-notebook-started = 正在把 { $url } 转发到 notebook { $notebook } 的端口 { $port }。
forward-serving-started = 正在把 { $url } 转发到推理服务 { $serving }：其 OpenAI API 位于 { $url }/v1（无需 API 密钥）。
