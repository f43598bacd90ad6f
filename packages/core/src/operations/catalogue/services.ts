import type { Session } from "../../auth/session.js"
import type { Platform } from "../../platform/client.js"
import type { Harbor } from "../../platform/harbor.js"
import type { Transport } from "../../platform/transport.js"
import type { ActiveProfile } from "../../profile.js"
import type { Store } from "../../store/store.js"

/** The services an operation runs with; every frontend (and the library's client) provides them. */
export type ClientServices = Store | Transport | Session | Platform | ActiveProfile | Harbor
