// Resident memory of a process and of its whole tree (Linux /proc), for the benchmarks.

export function rssOf(pid: number): number {
  try {
    return Number(Deno.readTextFileSync(`/proc/${pid}/statm`).split(" ")[1]) * 4096;
  } catch {
    return 0;
  }
}

export function processTree(pid: number): number[] {
  const out = [pid];
  try {
    for (const t of Deno.readDirSync(`/proc/${pid}/task`)) {
      for (
        const c of Deno.readTextFileSync(`/proc/${pid}/task/${t.name}/children`).trim().split(/\s+/).filter(
          Boolean,
        )
      ) out.push(...processTree(Number(c)));
    }
  } catch { /* gone */ }
  return out;
}

/** RSS of the process and every descendant (the document workers and their tesseract runs). */
export const treeRss = (pid: number) => processTree(pid).reduce((s, p) => s + rssOf(p), 0);

export const mb = (b: number) => `${(b / 1048576).toFixed(0)} MB`;

/**
 * CPU time (ms, user + system) a process has used, with its children that it has waited for (Linux
 * /proc/<pid>/stat utime, stime, cutime, cstime, in clock ticks of 10 ms); `childrenOnly`: only theirs.
 */
export function cpuMs(pid: number | "self", childrenOnly = false): number {
  try {
    const stat = Deno.readTextFileSync(`/proc/${pid}/stat`);
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // fields 14-17 of stat(5), counted from the state (field 3) after the command name
    return (childrenOnly ? [13, 14] : [11, 12, 13, 14]).reduce((s, i) => s + Number(f[i]), 0) * 10;
  } catch {
    return 0;
  }
}
