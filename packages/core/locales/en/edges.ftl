store-cache-damaged = { $path } was damaged ({ $why }) and is ignored: it only caches the session, and the next login writes it anew.
