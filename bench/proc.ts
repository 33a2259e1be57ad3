// The process table from /proc, for the benches: resident memory and CPU time of a process and its descendants.
import { readFileSync, readdirSync } from 'node:fs';

/** Clock ticks per second of /proc's utime and stime (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

interface ProcessEntry {
  parent: number;
  rssBytes: number;
  cpuSeconds: number;
}

function processTable(): Map<number, ProcessEntry> {
  const table = new Map<number, ProcessEntry>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // Fields after the command's closing parenthesis, from the state (field 3 of proc(5)).
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      table.set(Number(name), {
        parent: Number(fields[1]),
        cpuSeconds: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND,
        rssBytes: Number(fields[21]) * 4096,
      });
    } catch {
      // the process ended meanwhile
    }
  }
  return table;
}

/** The processes below `root` (with `root` itself when `includeRoot`). */
function tree(root: number, includeRoot: boolean): ProcessEntry[] {
  const table = processTable();
  const below: ProcessEntry[] = [];
  for (const [pid, entry] of table) {
    if (pid === root) {
      if (includeRoot) below.push(entry);
      continue;
    }
    for (let p: number | undefined = entry.parent; p; p = table.get(p)?.parent) {
      if (p === root) {
        below.push(entry);
        break;
      }
    }
  }
  return below;
}

/** Resident bytes of `root`'s descendants (with `root` when `includeRoot`). */
export const treeRss = (root: number, includeRoot = true) =>
  tree(root, includeRoot).reduce((sum, p) => sum + p.rssBytes, 0);

/** CPU seconds (user + system) spent so far by `root` and its descendants that are still running. */
export const treeCpuSeconds = (root: number) => tree(root, true).reduce((sum, p) => sum + p.cpuSeconds, 0);
