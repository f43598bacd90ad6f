store-cache-damaged = { $path } 已损坏（{ $why }），已忽略：它只是会话缓存，下次登录时会重新写入。
