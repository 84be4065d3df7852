/*
 * lib/ loads twice in one production process (see lib/process-state.ts). An object one copy made
 * and the other copy uses, such as the media driver singleton, throws its own copy's error
 * classes, and `instanceof` against the other copy's class of the same name is false: a refusal
 * the caller knows how to answer became a 500. Errors that can cross copies extend this class,
 * which answers `instanceof` by a kind string that both copies share.
 */

const kindsKey = Symbol.for("walkthrough.error-kinds");

type Kinded = { [kindsKey]?: unknown };

export class ProcessWideError extends Error {
  /** Unique per subclass; `instanceof` compares these, not class identity. */
  static readonly kind: string = "process-wide-error";

  declare readonly [kindsKey]: readonly string[];

  constructor(message?: string) {
    super(message);
    const kinds: string[] = [];
    for (let type: unknown = new.target; typeof type === "function" && "kind" in type; type = Object.getPrototypeOf(type)) {
      kinds.push((type as { kind: string }).kind);
    }
    Object.defineProperty(this, kindsKey, { value: kinds });
  }

  static override [Symbol.hasInstance](this: { kind: string }, value: unknown): boolean {
    const kinds = typeof value === "object" && value !== null ? (value as Kinded)[kindsKey] : undefined;
    return Array.isArray(kinds) && kinds.includes(this.kind);
  }
}
