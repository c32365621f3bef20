// Types of scripts/request-types.mjs, for the tests that import it.
import type ts from "typescript";

/**
 * A copy of an OpenAPI document whose request side says which properties with a `default` a caller may omit, with a
 * request copy `XInput` of each component schema `X` that requests and answers both use and that holds one.
 */
export function requestSideDocument<T extends object>(source: T): T;

/** openapi-typescript's `transformProperty` hook: a property marked by `requestSideDocument` is optional. */
export function optionalDefaults(
  property: ts.PropertySignature,
  schemaObject: unknown,
): ts.PropertySignature | undefined;
