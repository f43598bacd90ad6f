# The GPU health verdict of a job and the figures behind it (domain/metrics). Percentages and clock
# times come in formatted ("92.1%", "09:00 +08:00"); limits are plain numbers of percent.

verdict-points = { $value ->
        [one] { $value } point
       *[other] { $value } points
    }
verdict-no-data = no data
verdict-reclaim-risk = at risk of reclaim (idle { $idle })
verdict-warming-up = warming up ({ $count } of { $needed ->
        [one] { $needed } sample
       *[other] { $needed } samples
    })
verdict-stalled = stalled after { $minutes } min (idle since { $since })
verdict-idle = idle since { $since }
verdict-starved = starved by CPU ({ $share }% of samples)
verdict-memory-full = GPU memory nearly full (p90 { $p90 })
verdict-memory-leak = possible memory leak ({ $rise } over { $count ->
        [one] { $count } sample
       *[other] { $count } samples
    })
verdict-memory-both = { $full }, { $leak }
verdict-unstable = unstable utilisation (std dev { $value ->
        [one] { $value } point
       *[other] { $value } points
    })
verdict-underused = GPU underused (avg { $avg })
verdict-healthy = training normally (GPU avg { $avg })
verdict-reclaim-warning = { $verdict }; reclaimed in ~{ $minutes } min if GPU stays under { $limit }%
verdict-pod = pod { $pod }: { $verdict }
verdict-pod-also = pod { $pod }: { $verdict }; also { $state }: { $others }

# Evidence lines.
verdict-ev-no-data = no GPU utilisation samples
verdict-ev-gpu = GPU utilisation avg { $avg }, p50 { $p50 }, p90 { $p90 }, max { $max }, last { $last } over { $count ->
        [one] { $count } sample
       *[other] { $count } samples
    }
verdict-ev-stability = std dev { $value ->
        [one] { $value } point
       *[other] { $value } points
    } (unstable above { $limit })
verdict-ev-trend = trend { $direction } ({ $change }, second half vs first half)
verdict-ev-idle-open = idle (GPU < { $limit }%) since { $since }: { $duration }, { $samples ->
        [one] { $samples } sample
       *[other] { $samples } samples
    }
verdict-ev-idle-open-earlier = idle (GPU < { $limit }%) since { $since }: { $duration }, { $samples ->
        [one] { $samples } sample
       *[other] { $samples } samples
    }, { $earlier ->
        [one] { $earlier } earlier idle window
       *[other] { $earlier } earlier idle windows
    }
verdict-ev-idle-earlier = { $earlier ->
        [one] { $earlier } earlier idle window
       *[other] { $earlier } earlier idle windows
    }
verdict-ev-starvation = CPU > { $cpu }% while GPU < { $gpu }% on { $share }% of { $count ->
        [one] { $count } paired sample
       *[other] { $count } paired samples
    }
verdict-ev-memory = GPU memory avg { $avg } (high above { $high }), p90 { $p90 } (tight above { $tight })
verdict-ev-memory-leak = GPU memory avg { $avg } (high above { $high }), p90 { $p90 } (tight above { $tight }), rose { $rise } over { $count ->
        [one] { $count } sample
       *[other] { $count } samples
    } since { $since }
verdict-ev-reclaim = GPU under { $limit }% since { $since } ({ $low }); the platform reclaims at { $at }
verdict-ev-whole = whole job (mean of { $count ->
        [one] { $count } pod
       *[other] { $count } pods
    }): { $verdict }

# Bad input to the analysis.
verdict-series-top = the top level
verdict-series-invalid = invalid input
verdict-series-malformed = The metric series are malformed at { $where }: { $problem }.
verdict-series-hint = Send an array of { $shape }.
verdict-time-zone = Unknown time zone "{ $zone }".
verdict-time-zone-hint = Pass an IANA time zone such as "Asia/Shanghai" or "UTC".
