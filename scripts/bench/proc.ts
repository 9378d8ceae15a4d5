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
