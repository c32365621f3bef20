// The control document's types for the console (src/console/model.ts imports them from here, a path it had inside
// @dispatchkit/fake). Types only: erased from every build. Generated into @dispatchkit/fake (npm run generate).
export type { components } from "../../../fake/src/control/generated/control-openapi.js";
