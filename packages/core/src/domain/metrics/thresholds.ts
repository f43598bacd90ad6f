// Every threshold is in percentage points (the platform's 0–1 fractions times 100) unless named otherwise.
// "BELOW"/"ABOVE" constants are strict comparisons; "MIN"/"SECONDS" constants are inclusive lower bounds.

/** GPU utilisation strictly below this is idle: exactly 5% is not idle, 4.99% is. */
export const IDLE_GPU_BELOW_PERCENT = 5

/** An idle window needs this many consecutive idle samples: one low sample is usually a checkpoint or eval. */
export const IDLE_MIN_SAMPLES = 2

/** A population standard deviation of GPU utilisation strictly above this is unstable (exactly 25 is not). */
export const UNSTABLE_STD_DEV_ABOVE_POINTS = 25

/** A half-to-half change strictly beyond ±this is a rising or falling trend (exactly 15 is flat). */
export const TREND_CHANGE_ABOVE_POINTS = 15

/** GPU memory whose p90 is strictly above this is tight ("nearly full"). */
export const MEMORY_TIGHT_P90_ABOVE_PERCENT = 90

/** GPU memory whose average is strictly above this is high. */
export const MEMORY_HIGH_AVG_ABOVE_PERCENT = 80

/** A steady rise of GPU memory strictly greater than this may be a leak. */
export const LEAK_RISE_ABOVE_POINTS = 10

/** A leak needs a rise spanning at least this many samples (inclusive). */
export const LEAK_MIN_SAMPLES = 5

/** A step down of at most this much (inclusive) does not break a rise: allocator caches jitter a little. */
export const LEAK_DIP_TOLERANCE_POINTS = 1

/**
 * Each half of a rise must carry at least this share of it (inclusive), so that one jump (an eval phase
 * allocating its buffers) or a start-up climb that has since levelled off is not taken for a leak.
 */
export const LEAK_MIN_HALF_SHARE = 0.25

/** CPU utilisation strictly above this, while the GPU is starved… */
export const STARVED_CPU_ABOVE_PERCENT = 70

/** …at GPU utilisation strictly below this, is a starved sample. */
export const STARVED_GPU_BELOW_PERCENT = 30

/** Starvation is flagged when the share of starved paired samples is strictly above this ("most samples"). */
export const STARVED_FRACTION_ABOVE = 0.5

/** The platform reclaims GPUs that stay strictly under this utilisation… */
export const RECLAIM_GPU_BELOW_PERCENT = 15

/** …for this long (inclusive: exactly 3 h is a hazard). */
export const RECLAIM_HAZARD_SECONDS = 3 * 3600

/** An early warning once the low run reaches this (inclusive), leaving an hour to react. */
export const RECLAIM_WARNING_SECONDS = 2 * 3600

/** Fewer GPU samples than this (exclusive) only yield "warming up": too few to judge a trend or spread. */
export const MIN_SAMPLES_FOR_VERDICT = 5

/** A GPU whose mean before an idle window is at least this (inclusive) "was busy", so the window is a stall. */
export const BUSY_GPU_AVG_PERCENT = 30

/** An average GPU utilisation of at least this (inclusive) counts as training normally; below, underused. */
export const HEALTHY_GPU_AVG_PERCENT = 50
