/**
 * `dispatch-fake …args` started as a process from the bundle the integration project's globalSetup built
 * (`fakeCliArgs`), as the CLI tests run it: its output collected, waits on what it prints, and one place that stops
 * whatever a file started (`stopFakeClis` in its `afterAll`).
 */
import { type ChildProcessByStdio, spawn } from "node:child_process";
import type { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import { collectOutput } from "./child-output.js";
import { fakeCliArgs } from "./fake-cli.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** A running `dispatch-fake`. */
export interface FakeCli {
  child: ChildProcessByStdio<null, Readable, Readable>;
  stdout(): string;
  stderr(): string;
  /** Resolves with the server's URL once it printed its whole start: the text banner's last line, or its JSON line. */
  ready(): Promise<string>;
  /** Resolves with stdout once it matches `pattern`. */
  waitFor(pattern: RegExp): Promise<string>;
  /** Resolves once stderr matches `pattern`. */
  waitForError(pattern: RegExp): Promise<void>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const started: FakeCli["child"][] = [];

/** SIGKILL every `dispatch-fake` started here that is still running (a test file's `afterAll`). */
export function stopFakeClis(): void {
  for (const child of started.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
}

/**
 * Start `dispatch-fake …args` in the repository's root, with this process's environment less its `DISPATCH_FAKE_`
 * variables (a test sets the ones it means in `env`), and without colours.
 */
export function startFakeCli(args: string[], env: Record<string, string> = {}): FakeCli {
  const own = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith("DISPATCH_FAKE_")));
  const child = spawn(process.execPath, fakeCliArgs(args), {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...own, NO_COLOR: "1", ...env },
  });
  started.push(child);
  const { stdout, stderr } = collectOutput(child);
  let ended = false;
  // "close", not "exit": the process may exit before its pipes have handed over the last lines it wrote.
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("close", (code, signal) => {
      ended = true;
      resolve({ code, signal });
    }),
  );
  /** Poll until `check` holds; throws once the process ended without it, or after 60 s. */
  const until = async (check: () => boolean, what: string) => {
    for (const start = Date.now(); Date.now() - start < 60_000; ) {
      if (check()) return;
      if (ended) throw new Error(`dispatch-fake exited before ${what}:\n${stdout()}\n${stderr()}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`timed out waiting for ${what}:\n${stdout()}\n${stderr()}`);
  };
  const url = () => /listening on (http:\/\/[^\s"]+)/.exec(stdout())?.[1];
  return {
    child,
    stdout,
    stderr,
    async ready() {
      const started = () => {
        const out = stdout();
        return /\n {2}stop: .*\n/.test(out) || (out.startsWith("{") && out.includes("\n"));
      };
      await until(() => url() !== undefined && started(), "it listened");
      return url() ?? "";
    },
    async waitFor(pattern) {
      await until(() => pattern.test(stdout()), `printing ${pattern}`);
      return stdout();
    },
    waitForError: (pattern) => until(() => pattern.test(stderr()), `stderr to match ${pattern}`),
    exited,
  };
}
