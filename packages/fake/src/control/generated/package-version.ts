/**
 * DO NOT EDIT: generated from packages/fake/package.json (npm run generate). CI fails when this file is stale (npm run check:generated).
 */

/** The version of @dispatchkit/fake. */
export const PACKAGE_VERSION = "0.0.0";
