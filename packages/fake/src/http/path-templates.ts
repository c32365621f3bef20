/**
 * The one matcher of OpenAPI path templates (`/v2/orders/{orderUuid}`): the router's, and the test validator's
 * (test/support/openapi-validator.ts). A template matches a path with the same segments, each `{name}` standing
 * for one non-empty segment, a trailing slash allowed; where two templates match, the one whose first differing
 * segment is a literal wins (`/v2/orders/actions/{id}` over `/v2/orders/{id}/complete`). The conformance suite,
 * which depends on nothing but ajv, ranks its templates the same way.
 */

/** A path template compiled. */
export interface CompiledPathTemplate {
  readonly pattern: RegExp;
  /** The template's parameter names, in order (the pattern's groups). */
  readonly names: readonly string[];
  /** A literal segment is `0`, a parameter `1`: sorted by this, literals win. */
  readonly rank: string;
}

/** Compile one template. */
export function compilePathTemplate(template: string): CompiledPathTemplate {
  const names: string[] = [];
  const segments = template.split("/").filter(Boolean);
  const source = segments
    .map((segment) => {
      const param = /^\{(\w+)\}$/.exec(segment);
      if (param?.[1]) {
        names.push(param[1]);
        return "/([^/]+)";
      }
      return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`;
    })
    .join("");
  const rank = segments.map((s) => (s.startsWith("{") ? "1" : "0")).join("");
  return { pattern: new RegExp(`^${source}/?$`), names, rank };
}

/** Order compiled templates so that the first match is the one that wins (`array.sort(byRank)`). */
export const byRank = (a: { rank: string }, b: { rank: string }): number =>
  a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : 0;
