import type { Command } from "commander"
import { addAuthCommands, addConfigCommands } from "./account.js"
import { addCompletionCommand } from "./completion.js"
import { addJobCommands } from "./jobs.js"
import { addDoctorCommand, addProfileCommands } from "./profile.js"
import { addResourceCommands } from "./resources.js"
import { addSkillCommands } from "./skill.js"

/** Adds every command of the tree, in the order `inspire --help` lists them. */
export const addCommands = (program: Command): void => {
  addAuthCommands(program)
  addResourceCommands(program)
  addConfigCommands(program)
  addProfileCommands(program)
  addJobCommands(program)
  addDoctorCommand(program)
  addCompletionCommand(program)
  addSkillCommands(program)
}
