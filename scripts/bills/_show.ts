import { flatten } from "./flatten.ts";
const env = JSON.parse(await Deno.readTextFile(Deno.args[0]));
for (const [k, v] of flatten(env.data.items[0])) console.log(k.padEnd(32), v);
