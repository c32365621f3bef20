/**
 * Operations typed from the generated `paths`: the path must exist in the contract with that method, and the
 * handler's reply must be one of the operation's success statuses with that status's body.
 */
import type { paths } from "./contract-types.js";
import type { HttpMethod, Operation, PathParamNames, RequestContext } from "./router.js";

type Path = keyof paths;

/** Methods a generated `paths` type (of any OpenAPI document) defines on a path. */
export type MethodIn<Paths, P extends keyof Paths> = {
  [M in HttpMethod]: Paths[P] extends Partial<Record<M, unknown>>
    ? [NonNullable<Paths[P][M]>] extends [never]
      ? never
      : M
    : never;
}[HttpMethod];

/** The operation a generated `paths` type defines for a path and method. */
export type OperationIn<Paths, P extends keyof Paths, M extends HttpMethod> =
  Paths[P] extends Partial<Record<M, unknown>> ? NonNullable<Paths[P][M]> : never;

/** Methods the contract defines on a path. */
export type MethodOf<P extends Path> = MethodIn<paths, P>;

type OperationOf<P extends Path, M extends HttpMethod> = OperationIn<paths, P, M>;

type SuccessStatus = 200 | 201 | 202 | 204;

/** The replies an operation may give on success, typed from the contract. */
export type ReplyOf<O> = O extends { responses: infer R }
  ? {
      [S in keyof R & SuccessStatus]: R[S] extends { content: { "application/json": infer B } }
        ? { status: S; body: B; headers?: Record<string, string> }
        : { status: S; headers?: Record<string, string> };
    }[keyof R & SuccessStatus]
  : never;

/** Define the handler of one contract operation. */
export function defineOperation<P extends Path, M extends MethodOf<P> & HttpMethod>(
  path: P,
  method: M,
  handle: (
    ctx: RequestContext<Record<PathParamNames<P>, string>>,
  ) => ReplyOf<OperationOf<P, M>> | Promise<ReplyOf<OperationOf<P, M>>>,
): Operation {
  // The router fills `params` from the same template, so every name of the template is present.
  return { method, path, handle: handle as (ctx: RequestContext) => ReturnType<typeof handle> };
}
