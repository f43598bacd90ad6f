import type { Command } from "commander"
import { accountExtensions, addLogoutCommand } from "./account.js"
import { availExtensions } from "./avail.js"
import { addCatalogueCommands } from "./catalogue.js"
import { addCompletionCommand } from "./completion.js"
import { addJobShell, jobExecExtensions } from "./job-shell.js"
import { jobExtensions } from "./jobs.js"
import { listExtensions } from "./lists.js"
import { addNotebookCommands, notebookExtensions } from "./notebook.js"
import { notifyExtensions } from "./notify-extensions.js"
import { addOpenCommand } from "./open.js"
import { addPortForwardCommands } from "./port-forward.js"
import { addDoctorCommand, addProfileCommands } from "./profile.js"
import { serveExtensions } from "./serve.js"
import { addSkillCommands } from "./skill.js"
import { sweepExtensions } from "./sweep.js"
import { usageExtensions } from "./usage.js"
import { addWaitersCommands } from "./waiters.js"

/**
 * Adds every command of the tree, in the order `inspire --help` lists them: the catalogue's (each
 * placed by its operation's definition, with what the CLI adds to some), then the CLI's own.
 */
export const addCommands = (program: Command): void => {
  addCatalogueCommands(program, [
    ...accountExtensions,
    ...availExtensions,
    ...jobExtensions,
    ...jobExecExtensions,
    ...notebookExtensions,
    ...usageExtensions,
    ...sweepExtensions,
    ...serveExtensions,
    ...listExtensions,
    ...notifyExtensions,
  ])
  addNotebookCommands(program)
  addPortForwardCommands(program)
  addJobShell(program)
  addOpenCommand(program)
  addLogoutCommand(program)
  addProfileCommands(program)
  addDoctorCommand(program)
  addCompletionCommand(program)
  addSkillCommands(program)
  addWaitersCommands(program)
}
