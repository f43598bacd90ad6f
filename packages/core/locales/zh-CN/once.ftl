# 无标记类型的“恰好一次”创建、不是拒绝的应答，以及已确认的批量操作。

once-create-unconfirmed = { $message } 没有出现与{ $what }创建时发送内容相符的新任务；但平台的应答不带 Date 头，无法得知平台时间，因而不能排除它已创建，所以不会再次发送创建请求；{ $what }之后仍可能出现。
once-create-not-refusal = { $surface }：HTTP { $status }，但不是平台的拒绝应答；请求可能已经执行。
