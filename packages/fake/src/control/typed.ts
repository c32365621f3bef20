/**
 * Control operations typed from `control-openapi.yaml` (its generated `paths`), as the API's handlers are typed from
 * `openapi.yaml` (`http/typed.ts`): the path must exist in the control document with that method, and the reply must
 * be one of its success statuses with that status's body.
 */
import type { HttpMethod, PathParamNames, PublicOperation, PublicRequestContext } from "../http/router.js";
import type { MethodIn, OperationIn, ReplyOf } from "../http/typed.js";
import type { paths } from "./generated/control-openapi.js";

type Path = keyof paths;

/** Methods the control document defines on a path. */
type MethodOf<P extends Path> = MethodIn<paths, P>;

type OperationOf<P extends Path, M extends HttpMethod> = OperationIn<paths, P, M>;

/** Define the handler of one control operation. */
export function defineControlOperation<P extends Path, M extends MethodOf<P> & HttpMethod>(
  path: P,
  method: M,
  handle: (
    ctx: PublicRequestContext<Record<PathParamNames<P>, string>>,
  ) => ReplyOf<OperationOf<P, M>> | Promise<ReplyOf<OperationOf<P, M>>>,
): PublicOperation {
  // The router fills `params` from the same template, so every name of the template is present.
  return { method, path, handle: handle as (ctx: PublicRequestContext) => ReturnType<typeof handle> };
}
