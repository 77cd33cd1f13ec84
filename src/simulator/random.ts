/**
 * Seeded pseudo-random numbers for the simulator: xoshiro128** (Blackman & Vigna, 2018) seeded through
 * splitmix32, and normal deviates by the Box–Muller transform. Integer arithmetic only (Math.imul, >>>), so a
 * seed gives the same sequence on every machine. Never Math.random.
 */

/** FNV-1a over the parts joined by '/', finalised by a splitmix32 step: a 32-bit seed for a named stream. */
export function hashSeed(...parts: readonly (string | number)[]): number {
  const text = parts.join("/");
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return splitmix32(h >>> 0)[1];
}

function splitmix32(state: number): [next: number, out: number] {
  const s = (state + 0x9e3779b9) >>> 0;
  let z = s;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return [s, (z ^ (z >>> 16)) >>> 0];
}

/** A seeded generator; `fork(label)` gives an independent stream, so one process never shifts another. */
export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  private spare: number | undefined;
  readonly seed: number;

  constructor(seed: number) {
    this.seed = seed >>> 0;
    let s = this.seed;
    const out: number[] = [];
    for (let i = 0; i < 4; i++) {
      const [next, value] = splitmix32(s);
      s = next;
      out.push(value);
    }
    [this.a, this.b, this.c, this.d] = out as [number, number, number, number];
    if ((this.a | this.b | this.c | this.d) === 0) this.a = 1;
  }

  /** Next 32-bit unsigned integer (xoshiro128**). */
  nextU32(): number {
    const result = Math.imul(rotl(Math.imul(this.b, 5), 7), 9) >>> 0;
    const t = this.b << 9;
    this.c ^= this.a;
    this.d ^= this.b;
    this.b ^= this.c;
    this.a ^= this.d;
    this.c ^= t;
    this.d = rotl(this.d, 11);
    return result;
  }

  /** Uniform in [0, 1) with 32 bits of resolution. */
  next(): number {
    return this.nextU32() / 4_294_967_296;
  }

  uniform(lo: number, hi: number): number {
    return lo + (hi - lo) * this.next();
  }

  /** Integer in [lo, hi] inclusive. */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error("pick from an empty list");
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** Normal deviate (Box–Muller; the second value of each pair is kept for the next call). */
  normal(mean = 0, sd = 1): number {
    if (this.spare !== undefined) {
      const z = this.spare;
      this.spare = undefined;
      return mean + sd * z;
    }
    let u = this.next();
    while (u <= 0) u = this.next();
    const v = this.next();
    const r = Math.sqrt(-2 * Math.log(u));
    this.spare = r * Math.sin(2 * Math.PI * v);
    return mean + sd * r * Math.cos(2 * Math.PI * v);
  }

  /** Exponential deviate with the given mean. */
  exponential(mean: number): number {
    return -mean * Math.log(1 - this.next());
  }

  /** An independent generator derived from this one's seed and a label. */
  fork(label: string | number): Random {
    return new Random(hashSeed(this.seed, label));
  }
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}

/**
 * An Ornstein–Uhlenbeck process sampled exactly at a fixed step: x ← φ·x + σ·√(1−φ²)·N(0,1) with
 * φ = exp(−dt/τ); its stationary law is N(0, σ²).
 */
export class OrnsteinUhlenbeck {
  value: number;
  private readonly phi: number;
  private readonly kick: number;

  constructor(
    private readonly rng: Random,
    sigma: number,
    tauHours: number,
    dtHours: number,
  ) {
    this.phi = Math.exp(-dtHours / tauHours);
    this.kick = sigma * Math.sqrt(1 - this.phi * this.phi);
    this.value = rng.normal(0, sigma);
  }

  step(): number {
    this.value = this.phi * this.value + this.kick * this.rng.normal();
    return this.value;
  }
}
