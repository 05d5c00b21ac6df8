/**
 * Deterministic randomness for the synthetic catalogue: one seeded PRNG and the draws the
 * generator makes with it, so two runs with the same seed write identical rows.
 */

/** sfc32: small, fast, and good enough that no pattern shows in the data. */
export function prng(seed: number) {
  let a = 0x9e3779b9
  let b = 0x243f6a88
  let c = 0xb7e15162
  let d = seed >>> 0
  const next = () => {
    a >>>= 0
    b >>>= 0
    c >>>= 0
    d >>>= 0
    const t = (a + b) | 0
    a = b ^ (b >>> 9)
    b = (c + (c << 3)) | 0
    c = (c << 21) | (c >>> 11)
    d = (d + 1) | 0
    const r = (t + d) | 0
    c = (c + r) | 0
    return (r >>> 0) / 4294967296
  }
  for (let i = 0; i < 20; i++) next()
  return next
}

export type Rng = () => number

export const int = (rng: Rng, min: number, max: number) => min + Math.floor(rng() * (max - min + 1))
export const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)]
export const chance = (rng: Rng, p: number) => rng() < p

/** Picks index i with weight 1/(i+offset)^s: a few items very often, a long tail rarely. */
export function zipf<T>(items: readonly T[], s: number, offset = 1) {
  const cumulative: number[] = []
  let sum = 0
  for (let i = 0; i < items.length; i++) {
    sum += 1 / (i + offset) ** s
    cumulative.push(sum)
  }
  return (rng: Rng): T => {
    const x = rng() * sum
    let lo = 0
    let hi = cumulative.length - 1
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (cumulative[mid] < x) lo = mid + 1
      else hi = mid
    }
    return items[lo]
  }
}

export function shuffled<T>(rng: Rng, items: readonly T[]): T[] {
  const out = [...items]
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1))
    ;[out[i], out[j]] = [out[j], out[i]]
  }
  return out
}

export function normal(rng: Rng) {
  return Math.sqrt(-2 * Math.log(1 - rng())) * Math.cos(2 * Math.PI * rng())
}

export function uuid(rng: Rng) {
  const hex = Array.from({ length: 32 }, () => Math.floor(rng() * 16).toString(16))
  hex[12] = '4'
  hex[16] = '89ab'[Math.floor(rng() * 4)]
  const h = hex.join('')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`
}
