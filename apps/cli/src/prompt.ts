import { createInterface } from "node:readline"
import { cancelled } from "./output.js"

/** Whether the user can answer a prompt: stdin and stderr are both terminals. */
export const interactive = (): boolean => process.stdin.isTTY === true && process.stderr.isTTY === true

/** Asks a y/N question on stderr; only "y" or "yes" agrees. */
export const confirm = async (question: string): Promise<boolean> => {
  const rl = createInterface({ input: process.stdin, output: process.stderr })
  try {
    const answer = await new Promise<string>((resolve) => rl.question(`${question} [y/N] `, resolve))
    return /^y(es)?$/i.test(answer.trim())
  } finally {
    rl.close()
  }
}

/** Asks for one line on stderr (a username, say). */
export const ask = async (question: string): Promise<string> => {
  const rl = createInterface({ input: process.stdin, output: process.stderr })
  try {
    return await new Promise<string>((resolve) => rl.question(question, resolve))
  } finally {
    rl.close()
  }
}

/** Reads a password from the terminal without echoing it (raw mode); Ctrl-C aborts. */
export const askSecret = (question: string): Promise<string> =>
  new Promise((resolve, reject) => {
    const stdin = process.stdin
    process.stderr.write(question)
    stdin.setRawMode(true)
    stdin.resume()
    stdin.setEncoding("utf8")
    let secret = ""
    const done = (error?: Error) => {
      stdin.setRawMode(false)
      stdin.pause()
      stdin.removeListener("data", onData)
      process.stderr.write("\n")
      if (error !== undefined) reject(error)
      else resolve(secret)
    }
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === "\r" || ch === "\n" || ch === "\u0004") return done()
        if (ch === "\u0003") return done(cancelled())
        if (ch === "\u007f" || ch === "\b") secret = secret.slice(0, -1)
        else secret += ch
      }
    }
    stdin.on("data", onData)
  })

/** Reads all of standard input (for --password-stdin), without its final newline. */
export const readStdin = async (): Promise<string> => {
  const chunks: Buffer[] = []
  for await (const chunk of process.stdin) chunks.push(Buffer.from(chunk))
  return Buffer.concat(chunks)
    .toString("utf8")
    .replace(/\r?\n$/, "")
}
