import { InspireError, type Language, renderWords, WORKFLOW_PROMPTS } from "@holos-inspire/core"
import { promptMessage } from "@holos-inspire/core/internal"
import { ErrorCode, type GetPromptResult, type Prompt } from "@modelcontextprotocol/sdk/types.js"

const invalidParams = (message: string): Error => Object.assign(new Error(message), { code: ErrorCode.InvalidParams })

/** The skill's workflows as MCP prompts, those whose tools are all listed (`listed`: by operation name). */
export const promptsFor = (listed: (operation: string) => boolean) => {
  const offered = WORKFLOW_PROMPTS.filter((p) => p.tools.every(listed))
  return {
    list: (lang: Language): { prompts: Prompt[] } => ({
      prompts: offered.map((p) => ({
        name: p.name,
        title: renderWords(p.title, "mcp", lang),
        description: renderWords(p.description, "mcp", lang),
        arguments: p.args.map((a) => ({
          name: a.name,
          description: renderWords(a.description, "mcp", lang),
          required: a.required,
        })),
      })),
    }),
    get: (name: string, args: Readonly<Record<string, string>>, lang: Language): GetPromptResult => {
      const prompt = offered.find((p) => p.name === name)
      if (prompt === undefined)
        throw invalidParams(`No prompt ${name}; prompts/list shows them (${offered.map((p) => p.name).join(", ")}).`)
      try {
        const text = renderWords(promptMessage(prompt, args, listed), "mcp", lang)
        return {
          description: renderWords(prompt.description, "mcp", lang),
          messages: [{ role: "user", content: { type: "text", text } }],
        }
      } catch (e) {
        // A missing or bad argument: what was wrong, in the server's language.
        if (e instanceof InspireError)
          throw invalidParams(`${renderWords(e.text, "mcp", lang)} ${renderWords(e.hint, "mcp", lang)}`)
        throw e
      }
    },
  }
}
