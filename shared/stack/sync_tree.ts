// fsync of a whole folder tree: what `initdb` does at its end, done by the stack beside its own work instead.

const WORKERS = 16;

/**
 * Flushes every file and folder under `root` to disk (fsync each; a folder's fsync makes its entries durable)
 * and returns how many files it synced. Several at once, so the disk gets the writes queued together (as
 * initdb's own sync starts the write-back of every file before it waits for any). A file removed meanwhile
 * (the running server's temporary files) is skipped; any other failure rejects.
 */
export async function syncTree(root: string): Promise<number> {
  const files: string[] = [];
  const dirs: string[] = [];
  const walk = async (dir: string) => {
    dirs.push(dir);
    for await (const e of Deno.readDir(dir)) {
      const path = `${dir}/${e.name}`;
      if (e.isDirectory) await walk(path);
      else if (e.isFile) files.push(path);
    }
  };
  await walk(root);
  let synced = 0;
  let next = 0;
  // Windows opens no folder as a file (and its folder entries need no fsync of their own).
  const queue = Deno.build.os === "windows" ? files : [...files, ...dirs];
  const worker = async () => {
    while (next < queue.length) {
      const i = next++;
      if (await fsync(queue[i]) && i < files.length) synced++;
    }
  };
  await Promise.all(Array.from({ length: Math.min(WORKERS, queue.length) }, worker));
  return synced;
}

async function fsync(path: string): Promise<boolean> {
  let file: Deno.FsFile;
  try {
    file = await Deno.open(path, { read: true });
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return false;
    throw e;
  }
  try {
    await file.sync();
    return true;
  } finally {
    file.close();
  }
}
