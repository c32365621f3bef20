/**
 * The contract's types, generated from openapi.yaml into the SDK package. The fake's handlers are typed from
 * the same `paths`, so a contract change breaks the fake at compile time.
 */
export type { components, operations, paths } from "@dispatchkit/sdk";
