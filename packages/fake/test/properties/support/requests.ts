/**
 * Generated requests for every operation of an OpenAPI document: a valid request (parameters and body drawn
 * from the operation's schemas, ids drawn from the world), or one with exactly one thing broken (the body, a
 * query parameter, a path id, the idempotency key, the token, the content type, the JSON) and what the
 * contract says the answer must then be.
 */
import fc from "fast-check";
import type { ContractValidator } from "../../../../../test/support/openapi-validator.js";
import {
  arbitraryOf,
  type Doc,
  type Hint,
  mutate,
  mutationArbitrary,
  resolve,
  type Schema,
} from "./schema-arbitrary.js";
import { DATE, type OrgWorld, type RawRequest, uuidsOf, type World } from "./world.js";

/** The number of runs of each property: small in CI, `FUZZ_RUNS=2000` for a longer search. */
export const RUNS = Number(process.env.FUZZ_RUNS ?? 12);

/** The time limit of one property's test, growing with the runs. */
export const TIMEOUT = Math.max(30_000, RUNS * 300);

/** The seed of every property (`FUZZ_SEED` to try another). */
export const SEED = Number(process.env.FUZZ_SEED ?? 13);

/** One parameter of an operation. */
interface Parameter {
  name: string;
  in: "query" | "path" | "header";
  required: boolean;
  schema: Record<string, unknown>;
}

/** One operation of a document. */
export interface Operation {
  id: string;
  method: string;
  template: string;
  parameters: Parameter[];
  body?: { schema: Schema; required: boolean };
}

/** Every operation of `doc` (webhook callbacks aside). */
export function operationsOf(doc: Doc): Operation[] {
  const out: Operation[] = [];
  const deref = <T>(x: unknown): T => resolve(doc, x as Schema) as T;
  for (const [template, item] of Object.entries(doc.paths as Record<string, Record<string, unknown>>)) {
    const shared = (item.parameters ?? []) as unknown[];
    for (const [method, raw] of Object.entries(item)) {
      if (method === "parameters") continue;
      const op = raw as Record<string, unknown>;
      const parameters = [...shared, ...((op.parameters ?? []) as unknown[])].map((p) => {
        const d = deref<Record<string, unknown>>(p);
        return {
          name: d.name as string,
          in: d.in as Parameter["in"],
          required: d.required === true,
          schema: deref<Record<string, unknown>>(d.schema ?? {}),
        };
      });
      const rb = op.requestBody ? deref<Record<string, unknown>>(op.requestBody) : undefined;
      const schema = (rb?.content as Record<string, { schema: Schema }> | undefined)?.["application/json"]?.schema;
      out.push({
        id: op.operationId as string,
        method: method.toUpperCase(),
        template,
        parameters,
        ...(schema !== undefined ? { body: { schema, required: rb?.required === true } } : {}),
      });
    }
  }
  return out;
}

/** What the answer to a broken request must be. */
interface Expected {
  statuses: number[];
  codes: string[];
  /** A `details[].path` the answer must name (when the contract fixes it). */
  path?: string;
}

/** A generated request, what was broken, and what the answer must be (nothing fixed for a valid one). */
export interface Generated {
  request: RawRequest;
  broken: string;
  expected?: Expected;
  /** The body as JSON (before serialisation), when one was sent. */
  json?: unknown;
  /** Whether a well-formed `Idempotency-Key` was sent (its 404/409 answers are kept, as the contract says). */
  keyed: boolean;
}

/** The uuids of the world that are of the kind a path id names. */
function idsOfKind(w: OrgWorld, op: Operation, param: string): string[] {
  if (param === "orderUuid") {
    const o = w.orders;
    return [...o.unscheduled, ...o.planned, ...o.published, o.delivered, o.missed];
  }
  if (param === "routeUuid") return Object.values(w.routes);
  if (param === "uuid") return [w.webhook];
  if (op.template.startsWith("/v2/routes/actions")) return [w.actions.publish];
  if (op.template.startsWith("/v2/schedules")) return [w.actions.schedule, w.actions.whatIf];
  return [];
}

/** Ids a control path parameter names: tokens, actions, snapshots, webhook deliveries. */
function controlIds(world: World, op: Operation, param: string): string[] {
  if (param === "token") return [world.a.token, world.b.token];
  if (param === "uuid") return world.fake.actions.list().map((x) => x.uuid);
  if (param === "id" && op.template.includes("webhook")) return world.fake.webhooks.deliveries().map((d) => d.id);
  if (param === "id") return ["1", "snap_1"];
  return [];
}

/** Hints: the world's ids and date where the schemas ask for them. */
function hintsOf(world: World, op: Operation): Hint {
  const a = world.a;
  const orders = [...a.orders.unscheduled, ...a.orders.planned, ...a.orders.published, a.orders.delivered];
  const routes = Object.values(a.routes);
  return (name, schema) => {
    if (name === "workspaceUuid" && schema.type === "string")
      return fc.oneof({ weight: 5, arbitrary: fc.constant(a.ws) }, fc.uuid());
    if ((name === "date" || name === "deliveryDate") && schema.format === "date") {
      return fc.oneof({ weight: 4, arbitrary: fc.constant(DATE) }, fc.constant("2026-11-24"));
    }
    if (name === "orders[]" && schema.format === "uuid") return fc.constantFrom(...orders);
    if ((name === "routes[]" || name === "routeUuids[]") && schema.format === "uuid") return fc.constantFrom(...routes);
    if (name === "$root[]" && op.id === "deleteOrders")
      return fc.oneof(fc.constantFrom(...orders), fc.uuid(), fc.string());
    if (name === "orderUuid" && schema.type === "string") return fc.constantFrom(...orders);
    if (name === "routeUuid" && schema.type === "string") return fc.constantFrom(...routes);
    if (name === "operationId" && schema.type === "string") {
      return fc.oneof(fc.constantFrom("listOrders", "getOrder", "createOrders", "createSchedule"), fc.string());
    }
    if (name === "url" && schema.format === "uri") return fc.constant("https://hooks.example.com/dispatch");
    return undefined;
  };
}

const INVALID_INTEGERS = ["abc", "0", "-1", "1.5", "", "1e3", "99999999999999999999", "501", " 1"];
const INVALID_DATES = ["2026-02-30", "tomorrow", "2026-1-1", "20261123", "2026-11-23T00:00:00Z"];
const BAD_IDS = ["not-a-uuid", "%ZZ", "00000000-0000-4000-8000-000000000000", "x".repeat(300), "%2F..%2F", "🚚"];
const BAD_KEYS = ["x".repeat(256), "clé", "a\u0001b", "\u007f"];

function queryOf(params: Record<string, string>): string {
  const q = new URLSearchParams(params).toString();
  return q ? `?${q}` : "";
}

/** Does `value` (a query string value) fit an integer parameter schema? */
function fitsInteger(value: string, schema: Record<string, unknown>): boolean {
  if (!/^-?\d+$/.test(value)) return false;
  const n = Number(value);
  if (typeof schema.minimum === "number" && n < schema.minimum) return false;
  if (typeof schema.maximum === "number" && n > schema.maximum) return false;
  return Number.isSafeInteger(n);
}

/**
 * Requests for `op` of the API (`control: false`, token required) or of the control API; `validator` checks
 * the bodies against the operation's document.
 */
export function requestsFor(
  doc: Doc,
  op: Operation,
  world: World,
  validator: ContractValidator,
  options: { control: boolean; expiredToken: string; validOnly?: boolean },
): fc.Arbitrary<Generated> {
  const a = world.a;
  const foreign = uuidsOf(world.b);
  const hint = hintsOf(world, op);
  const pathParams = op.parameters.filter((p) => p.in === "path");
  const queryParams = op.parameters.filter((p) => p.in === "query");
  const isPost = op.method === "POST" && !options.control;

  const validQuery = (p: Parameter): fc.Arbitrary<string> => {
    if (p.name === "workspaceUuid") return fc.constant(a.ws);
    if (p.name === "workspaceId") return fc.constant(String(a.wsId));
    if (p.name === "page") return fc.integer({ min: 1, max: 3 }).map(String);
    if (p.name === "perPage") return fc.integer({ min: 1, max: 500 }).map(String);
    return arbitraryOf(doc, p.schema, hint, p.name).map(String);
  };
  const validPath = (p: Parameter): fc.Arbitrary<string> => {
    const own = options.control ? controlIds(world, op, p.name) : idsOfKind(a, op, p.name);
    if (own.length > 0) return fc.constantFrom(...own);
    if (p.name === "kind") return fc.constantFrom("schedule", "publish", "update", "delete", "bogus");
    return fc.oneof(fc.constantFrom(...uuidsOf(a)), fc.string({ minLength: 1, maxLength: 8 }));
  };

  const query = fc.tuple(
    ...queryParams.map((p) =>
      p.required ? validQuery(p).map((v) => v as string | undefined) : fc.option(validQuery(p), { nil: undefined }),
    ),
  );
  const path = fc.tuple(...pathParams.map(validPath));
  const body = op.body ? arbitraryOf(doc, op.body.schema, hint) : fc.constant(undefined);
  const key = isPost ? fc.option(fc.uuid(), { nil: undefined, freq: 3 }) : fc.constant(undefined);

  const kinds: string[] = ["valid", "valid"];
  if (options.validOnly) kinds.length = 1;
  if (op.body && !options.validOnly) kinds.push("body", "body", "body", "content type", "json");
  if (!options.validOnly) {
    if (queryParams.length > 0) kinds.push("query");
    if (pathParams.length > 0) kinds.push("path");
    if (isPost) kinds.push("idempotency key");
    if (!options.control) kinds.push("token");
  }

  return fc
    .record({
      kind: fc.constantFrom(...kinds),
      query,
      path,
      body,
      key,
      mutation: mutationArbitrary,
      pick: fc.nat(),
    })
    .map(({ kind, query: qv, path: pv, body: bv, key: kv, mutation, pick }): Generated => {
      const choose = <T>(xs: readonly T[]): T => xs[pick % xs.length] as T;
      const q: Record<string, string> = {};
      queryParams.forEach((p, i) => {
        const v = qv[i];
        if (v !== undefined) q[p.name] = v;
      });
      const pathValues = [...pv];
      const headers: Record<string, string> = {};
      if (!options.control) headers.authorization = `Bearer ${a.token}`;
      let json: unknown = bv;
      let text = op.body && json !== undefined ? JSON.stringify(json) : undefined;
      if (text !== undefined) headers["content-type"] = "application/json";
      if (kv !== undefined) headers["idempotency-key"] = kv;
      let broken = "nothing";
      let expected: Expected | undefined;
      const bodyOk = () => !op.body || validator.checkRequest(op.method, op.template, json).length === 0;
      const notFound = (): Expected =>
        op.body && !bodyOk()
          ? { statuses: [400], codes: ["VALIDATION_FAILED"] }
          : op.body
            ? { statuses: [404, 400], codes: ["NOT_FOUND", "VALIDATION_FAILED"] }
            : { statuses: [404], codes: ["NOT_FOUND"] };

      switch (kind) {
        case "body": {
          const m = mutate(json, mutation, foreign);
          json = m.value;
          text = json === undefined ? "" : JSON.stringify(json);
          headers["content-type"] = "application/json";
          broken = `body: ${mutation.kind} at ${m.where}`;
          if (!bodyOk()) expected = { statuses: [400], codes: ["VALIDATION_FAILED", "INVALID_JSON"] };
          break;
        }
        case "content type":
          headers["content-type"] = choose(["text/plain", "application/xml", "multipart/form-data", "jsonx"]);
          text ??= "{}";
          broken = `content type ${headers["content-type"]}`;
          // The control API reads any body as JSON (its document declares no 415).
          if (!options.control) expected = { statuses: [415], codes: ["UNSUPPORTED_MEDIA_TYPE"] };
          break;
        case "json":
          text = choose(["{", "[1,", "nul", "{'a':1}", "\u0000", `${text ?? "{}"}}`]);
          headers["content-type"] = "application/json";
          broken = `JSON ${JSON.stringify(text)}`;
          expected = { statuses: [400], codes: ["INVALID_JSON"] };
          break;
        case "query": {
          const p = choose(queryParams);
          const schema = p.schema;
          let value: string | undefined;
          if (p.name === "workspaceUuid") value = choose([world.b.ws, ...BAD_IDS, "", undefined]);
          else if (p.name === "workspaceId") value = choose([String(world.b.wsId), "999999", "abc", "0", undefined]);
          else if (schema.type === "integer") value = choose(INVALID_INTEGERS);
          else if (schema.format === "date") value = choose(INVALID_DATES);
          else if (Array.isArray(schema.enum)) value = choose(["bogus", "SCHEDULED", ""]);
          else value = choose(["x".repeat(300), "%ZZ", ""]);
          if (value === undefined) delete q[p.name];
          else q[p.name] = value;
          broken = `query ${p.name}=${value === undefined ? "(missing)" : JSON.stringify(value.slice(0, 40))}`;
          if (options.control) break;
          // A missing (or empty) required parameter is a validation failure; a value naming nothing is 404.
          if (value === undefined || value === "") {
            expected =
              op.body && !bodyOk()
                ? { statuses: [400], codes: ["VALIDATION_FAILED"] }
                : { statuses: [400], codes: ["VALIDATION_FAILED"], path: p.name };
          } else if (p.name === "workspaceUuid") expected = notFound();
          else if (p.name === "workspaceId") {
            expected =
              value !== undefined && fitsInteger(value, schema)
                ? notFound()
                : { statuses: [400, 404], codes: ["VALIDATION_FAILED", "NOT_FOUND"] };
          } else if (schema.type === "integer" && value !== undefined && fitsInteger(value, schema))
            expected = undefined;
          else expected = { statuses: [400], codes: ["VALIDATION_FAILED"], path: p.name };
          break;
        }
        case "path": {
          const i = pick % pathParams.length;
          const p = pathParams[i] as Parameter;
          const own = new Set(options.control ? controlIds(world, op, p.name) : idsOfKind(a, op, p.name));
          const otherKinds = uuidsOf(a).filter((u) => !own.has(u));
          pathValues[i] = choose([...foreign, ...otherKinds, ...BAD_IDS]);
          broken = `path ${p.name}=${pathValues[i]?.slice(0, 40)}`;
          if (!options.control) expected = notFound();
          break;
        }
        case "idempotency key":
          headers["idempotency-key"] = choose(BAD_KEYS);
          broken = `Idempotency-Key ${JSON.stringify(headers["idempotency-key"].slice(0, 20))}`;
          expected = bodyOk()
            ? { statuses: [400], codes: ["VALIDATION_FAILED"], path: "Idempotency-Key" }
            : { statuses: [400], codes: ["VALIDATION_FAILED"] };
          break;
        case "token": {
          const t = choose([
            undefined,
            "Bearer nope",
            "Basic abc",
            `Bearer ${options.expiredToken}`,
            `Bearer ${world.b.token}x`,
          ]);
          if (t === undefined) delete headers.authorization;
          else headers.authorization = t;
          broken = `authorization ${t ?? "(missing)"}`;
          expected = {
            statuses: [401],
            codes: t?.includes(options.expiredToken) ? ["TOKEN_EXPIRED"] : ["UNAUTHORIZED"],
          };
          break;
        }
      }
      let p = op.template;
      pathParams.forEach((param, i) => {
        const v = pathValues[i] ?? "";
        // Ids with reserved characters are sent escaped (`%ZZ` and `%2F` stay as generated: they test decoding).
        p = p.replace(`{${param.name}}`, /^[\w%.-]*$/.test(v) ? v : encodeURIComponent(v));
      });
      const keyed = headers["idempotency-key"] !== undefined && kind !== "idempotency key";
      return {
        request: {
          method: op.method,
          path: `${p}${queryOf(q)}`,
          headers,
          ...(text !== undefined ? { body: text } : {}),
        },
        broken,
        ...(expected ? { expected } : {}),
        ...(json !== undefined && kind !== "json" ? { json } : {}),
        keyed,
      };
    });
}
