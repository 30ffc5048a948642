// `npm start`: build what is not built, then run the platform (site, back office, RGS) on one port.
import { needsBuild, run } from "./lib.mjs";

for (const app of ["web", "admin", "rgs"]) {
  if (needsBuild(app)) {
    console.log(`Building apps/${app} ...`);
    const code = await run("npm", ["run", "build", "-w", `apps/${app}`]);
    if (code !== 0) process.exit(code);
  }
}
const code = await run(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"]);
process.exit(code);
