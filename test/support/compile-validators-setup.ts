/** globalSetup of both vitest projects: compile the OpenAPI documents' validators once, before any worker starts. */
import { buildCompiledDocuments } from "./compiled-validators.js";

/** Build the cached validators (a no-op when the YAML has not changed since the last run). */
export default function setup(): void {
  buildCompiledDocuments();
}
