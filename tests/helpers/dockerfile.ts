// Runs a Dockerfile's steps without Docker (the image cannot be built on these machines): each stage gets a folder
// that stands for its file system root, and the image's own folders (/app, /data, /usr/local/bin) are mapped into it
// in ENV values, RUN commands and COPY paths. RUN steps that change the system's users or file owners (groupadd,
// useradd, chown) cannot run here: they are skipped and returned, so a test can say which ones it expects.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

type Instruction = { op: string; args: string; line: number };

interface Stage {
  name: string;
  instructions: Instruction[];
}

/** The stages of a Dockerfile, with line continuations joined and comments dropped. */
function parseDockerfile(text: string): Stage[] {
  const stages: Stage[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const start = i + 1;
    let line = lines[i].trim();
    if (!line || line.startsWith('#')) continue;
    while (line.endsWith('\\') && i + 1 < lines.length) line = `${line.slice(0, -1).trim()} ${lines[++i].trim()}`;
    const [, op, args] = /^(\S+)\s*(.*)$/.exec(line)!;
    const instruction = { op: op.toUpperCase(), args, line: start };
    if (instruction.op === 'FROM') {
      const named = /\bAS\s+(\S+)$/i.exec(args);
      stages.push({ name: named?.[1] ?? `stage${stages.length}`, instructions: [] });
    }
    stages.at(-1)?.instructions.push(instruction);
  }
  return stages;
}

/** KEY=value pairs of an ENV or ARG line (values may be double-quoted). */
function assignments(args: string): [string, string][] {
  return [...args.matchAll(/([A-Za-z_][A-Za-z0-9_]*)(?:=("(?:[^"\\]|\\.)*"|\S*))?/g)].map(([, key, value = '']) => [
    key,
    value.startsWith('"') ? value.slice(1, -1) : value,
  ]);
}

/** The image paths mapped into a stage's root folder. */
const IMAGE_ROOTS = /(^|[\s=:"'])\/(app|data|usr\/local\/bin)(?=[\s/"':]|$)/g;
/** The PATH of the base image (node:20-bookworm-slim), where sh, node and npm are. */
export const BASE_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';
const SYSTEM_STEP = /\b(groupadd|useradd|chown)\b/;

/** Top-level names .dockerignore leaves out of the build context (patterns are relative to the context root). */
function ignoredBy(context: string): (name: string) => boolean {
  const file = join(context, '.dockerignore');
  const patterns = existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .map((l) => l.trim())
        .filter((l) => l && !l.startsWith('#'))
    : [];
  const globs = patterns.map((p) => new Bun.Glob(p.replace(/^\/|\/$/g, '')));
  return (name) => globs.some((glob) => glob.match(name));
}

export interface DockerRun {
  /** The root folder of each stage. */
  roots: Record<string, string>;
  /** The last stage's root folder: the image's file system. */
  root: string;
  /** The environment of the last stage (ENV), with the image paths mapped. */
  env: Record<string, string>;
  /** The last stage's working folder. */
  workdir: string;
  /** ENTRYPOINT and CMD of the last stage, as exec-form arrays. */
  entrypoint: string[];
  cmd: string[];
  /** The RUN commands skipped as system steps. */
  skipped: string[];
  /** USER of the last stage, if any. */
  user: string | null;
}

/** Runs the Dockerfile of `context` in `work`, stage by stage; build args as `docker build --build-arg` gives them. */
export async function runDockerfile(
  context: string,
  work: string,
  buildArgs: Record<string, string> = {},
): Promise<DockerRun> {
  const stages = parseDockerfile(readFileSync(join(context, 'Dockerfile'), 'utf8'));
  const ignored = ignoredBy(context);
  const roots: Record<string, string> = {};
  const skipped: string[] = [];
  let result: DockerRun | undefined;

  for (const [index, stage] of stages.entries()) {
    const root = join(work, `${index}-${stage.name}`);
    // The base image's folders that the steps may write into.
    mkdirSync(join(root, 'usr/local/bin'), { recursive: true });
    roots[stage.name] = root;
    const map = (text: string) =>
      text.replace(IMAGE_ROOTS, (_m, before: string, dir: string) => `${before}${root}/${dir}`);
    const env: Record<string, string> = {};
    let workdir = root;
    let entrypoint: string[] = [];
    let cmd: string[] = [];
    let user: string | null = null;

    for (const { op, args, line } of stage.instructions) {
      switch (op) {
        case 'FROM':
        case 'EXPOSE':
          break;
        case 'WORKDIR':
          workdir = join(root, args);
          mkdirSync(workdir, { recursive: true });
          break;
        case 'ENV':
          for (const [key, value] of assignments(args)) env[key] = map(value);
          break;
        case 'ARG':
          for (const [key, value] of assignments(args)) env[key] = buildArgs[key] ?? value;
          break;
        case 'USER':
          user = args;
          break;
        case 'COPY': {
          const parts = args.split(/\s+/);
          const from = parts.find((p) => p.startsWith('--from='))?.slice('--from='.length);
          const [dest, ...sources] = parts.filter((p) => !p.startsWith('--')).reverse();
          const target = dest.startsWith('/') ? join(root, dest) : join(workdir, dest);
          for (const source of sources.reverse()) {
            if (from !== undefined) {
              // As Docker does: a folder's contents go into the target; a file goes into a target folder, or becomes it.
              const path = join(roots[from], source);
              const into =
                !statSync(path).isDirectory() && (dest.endsWith('/') || existsSync(target))
                  ? join(target, basename(path))
                  : target;
              mkdirSync(dirname(into), { recursive: true });
              cpSync(path, into, { recursive: true, verbatimSymlinks: true });
            } else if (source === '.') {
              for (const name of readdirSync(context)) {
                if (!ignored(name))
                  cpSync(join(context, name), join(target, name), { recursive: true, verbatimSymlinks: true });
              }
            } else {
              mkdirSync(target, { recursive: true });
              cpSync(join(context, source), join(target, source), { recursive: true });
            }
          }
          break;
        }
        case 'RUN': {
          if (SYSTEM_STEP.test(args)) {
            skipped.push(args);
            break;
          }
          const path = `${join(root, 'usr/local/bin')}:${BASE_PATH}`;
          const proc = Bun.spawn(['sh', '-c', map(args)], {
            cwd: workdir,
            // A build step sees the image's environment, not the host's (HOME kept: npm's cache is there).
            env: { HOME: process.env.HOME ?? '/root', ...env, PATH: path },
            stdout: 'pipe',
            stderr: 'pipe',
          });
          const [out, err, code] = await Promise.all([
            new Response(proc.stdout).text(),
            new Response(proc.stderr).text(),
            proc.exited,
          ]);
          if (code !== 0) throw new Error(`Dockerfile line ${line} (RUN ${args}) exited with ${code}:\n${out}\n${err}`);
          break;
        }
        case 'ENTRYPOINT':
          entrypoint = JSON.parse(args) as string[];
          break;
        case 'CMD':
          cmd = JSON.parse(args) as string[];
          break;
        default:
          throw new Error(`Dockerfile line ${line}: ${op} is not supported by this runner`);
      }
    }
    result = { roots, root, env, workdir, entrypoint, cmd, skipped, user };
  }
  if (!result) throw new Error('The Dockerfile has no stage');
  return result;
}
