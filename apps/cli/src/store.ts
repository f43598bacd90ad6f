import { plain } from "@holos-inspire/core"
import {
  addProfile,
  forgetLogin,
  forgetProfileResources,
  listProfiles,
  type ProfileEndpointOptions,
  type ProfileSummary,
  profileEndpoints,
  removeProfile,
  renderTable,
  useProfile,
} from "@holos-inspire/core/internal"
import { msg, speak } from "./language.js"
import { type GlobalOptions, withClient } from "./run.js"

/** What `inspire logout` did. */
export interface LogoutResult {
  readonly profile: string
  readonly removed: boolean
  readonly message: string
}

/** Forgets the profile's platform password and its session (tokens, cookies); Harbor robot accounts stay. */
export const logout = (globals: GlobalOptions): Promise<LogoutResult> =>
  withClient(globals, async (client) => {
    const name = (await client.profile()).name.value ?? "default"
    const removed = await client.run(forgetLogin(name))
    // The user and projects kept between calls go too (core's resource cache).
    await client.run(forgetProfileResources)
    return {
      profile: name,
      removed,
      message: removed ? msg("cli-logout-done", { name }) : msg("cli-logout-nothing", { name }),
    }
  })

/** Renders profiles as `profile list` shows them. */
export const renderProfiles = (profiles: ReadonlyArray<ProfileSummary>): string =>
  speak(
    renderTable(profiles, [
      { header: plain(""), cell: (p) => (p.current ? "*" : "") },
      { header: plain(msg("cli-profiles-profile")), cell: (p) => p.name },
      { header: plain(msg("cli-profiles-account")), cell: (p) => p.username },
      { header: plain(msg("cli-profiles-logged-in")), cell: (p) => (p.loggedIn ? msg("cli-yes") : msg("cli-no")) },
      { header: plain(msg("cli-profiles-harbor")), cell: (p) => p.harbor.join(",") },
      { header: plain(msg("cli-profiles-platform")), cell: (p) => p.baseUrl ?? msg("cli-profiles-production") },
    ]),
  )

/** Every profile. */
export const profiles = (globals: GlobalOptions): Promise<ReadonlyArray<ProfileSummary>> =>
  withClient(globals, (client) => client.run(listProfiles()))

/** Creates a profile, optionally for another platform address and registries (an emulator's, say). */
export const createProfile = (
  globals: GlobalOptions,
  name: string,
  endpoints: ProfileEndpointOptions = {},
): Promise<ProfileSummary> => withClient(globals, (client) => client.run(addProfile(name, profileEndpoints(endpoints))))

/** Makes a profile the current one. */
export const selectProfile = (globals: GlobalOptions, name: string): Promise<void> =>
  withClient(globals, (client) => client.run(useProfile(name)))

/** Removes a profile with its credentials and sessions. */
export const deleteProfile = (globals: GlobalOptions, name: string): Promise<void> =>
  withClient(globals, (client) => client.run(removeProfile(name)))
