#!/usr/bin/env node
/**
 * `dispatch-conformance --base-url URL --token TOKEN`: the conformance suite's bin (the options are in
 * src/command.ts; `dispatch-conformance --help` prints them).
 */
import { conformanceCommand } from "./command.js";

conformanceCommand(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
