/**
 * A small deterministic pseudo-random generator (SplitMix32 seeding + Mulberry32). The optimizer never uses
 * `Math.random`, so a given seed always gives the same plan.
 */
export class Rng {
  private state: number;

  constructor(seed: number) {
    // Mix the seed so that nearby seeds give unrelated streams.
    let z = (Math.floor(seed) ^ 0x9e3779b9) >>> 0;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    this.state = (z ^ (z >>> 16)) >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Uniform integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** Shuffle `a` in place (Fisher–Yates, from the last element down). */
  shuffle(a: number[]): void {
    for (let i = a.length - 1; i > 0; i--) {
      const k = this.int(i + 1);
      const t = a[i]!;
      a[i] = a[k]!;
      a[k] = t;
    }
  }
}
