import { createHash, randomBytes } from 'node:crypto'
import { hash, verify, type Algorithm } from '@node-rs/argon2'

/** 256 random bits, URL-safe: bearer tokens, one-time links, OAuth state. */
export const randomToken = () => randomBytes(32).toString('base64url')

/** `length` random letters and digits: identifiers a protocol limits to [A-Za-z0-9] (ECPay's MerchantTradeNo, HashKey). */
export function randomAlphanumeric(length: number): string {
  let out = ''
  while (out.length < length) out += randomBytes(length).toString('base64').replace(/[^A-Za-z0-9]/g, '')
  return out.slice(0, length)
}

/** Tokens are high-entropy, so a plain SHA-256 is enough to keep only a fingerprint of them. */
export const fingerprint = (token: string) => createHash('sha256').update(token).digest('hex')

// OWASP's recommended argon2id minimum (19 MiB, 2 iterations, 1 lane)
// Algorithm is a const enum, which isolated modules cannot read: 2 is Argon2id
const ARGON2 = { algorithm: 2 as Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 }

export const hashPassword = (password: string) => hash(password, ARGON2)

export const verifyPassword = async (passwordHash: string, password: string) => {
  try {
    return await verify(passwordHash, password)
  } catch {
    return false
  }
}

/** Verifying against this keeps a sign-in for an unknown address as slow as one for a known address. */
let decoy: Promise<string> | undefined
export const decoyHash = () => (decoy ??= hashPassword(randomToken()))
