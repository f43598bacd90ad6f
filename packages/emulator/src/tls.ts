import { execFile } from "node:child_process"
import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"

export interface Certificate {
  /** The self-signed certificate (PEM): a client trusts it as its CA. */
  cert: string
  key: string
  /** Where the certificate is written, for clients: `cert.pem` in a private temporary folder. */
  caPath: string
  /** Removes the folder (the key with it). */
  remove: () => void
}

const NO_OPENSSL =
  "--tls needs the openssl program to create the emulator's certificate, and none was found on PATH; install openssl or start without --tls"

/** Subject names: loopback by name and address, plus the bound address when it is a specific one. */
const altNames = (host: string): string => {
  const names = new Set(["DNS:localhost", "IP:127.0.0.1", "IP:::1"])
  const bare = host.replace(/^\[|\]$/g, "")
  if (/^[\d.]+$/.test(bare) || bare.includes(":")) {
    if (bare !== "0.0.0.0" && bare !== "::") names.add(`IP:${bare}`)
  } else if (bare !== "") names.add(`DNS:${bare}`)
  return [...names].join(",")
}

/**
 * A fresh self-signed certificate for loopback, made by the `openssl` program (Node has no certificate
 * generator): an EC P-256 key, valid 30 days, in a temporary folder only this user can read.
 */
export const makeCertificate = async (host: string): Promise<Certificate> => {
  const dir = mkdtempSync(join(tmpdir(), "inspire-emulator-tls-"))
  const caPath = join(dir, "cert.pem")
  const keyPath = join(dir, "key.pem")
  const remove = () => rmSync(dir, { recursive: true, force: true })
  const args = [
    "req",
    "-x509",
    "-newkey",
    "ec",
    "-pkeyopt",
    "ec_paramgen_curve:prime256v1",
    "-nodes",
    "-days",
    "30",
    "-subj",
    "/CN=inspire-emulator",
    "-addext",
    `subjectAltName=${altNames(host)}`,
    "-keyout",
    keyPath,
    "-out",
    caPath,
  ]
  try {
    await new Promise<void>((resolve, reject) =>
      execFile("openssl", args, { timeout: 30_000 }, (error, _stdout, stderr) => {
        if ((error as NodeJS.ErrnoException | null)?.code === "ENOENT") reject(new Error(NO_OPENSSL))
        else if (error) reject(new Error(`openssl could not create the certificate: ${stderr.trim() || error.message}`))
        else resolve()
      }),
    )
    return { cert: readFileSync(caPath, "utf8"), key: readFileSync(keyPath, "utf8"), caPath, remove }
  } catch (e) {
    remove()
    throw e
  }
}
