// Fails when `npm install` changed what package-lock.json locks: run after it by .ci/run.
// Compares the lock as committed (`git show HEAD:package-lock.json`) with the lock on disk. Every package installed
// on any platform keeps its version; a package may come or go only if it is an optional one (the binary builds for
// other platforms that rollup, tailwind's oxide and lightningcss list), because whether the registry's metadata
// lists those depends on the registry the install reads, not on this project.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

const committed = JSON.parse(execFileSync("git", ["show", "HEAD:package-lock.json"], { encoding: "utf8" })).packages;
const installed = JSON.parse(readFileSync("package-lock.json", "utf8")).packages;

const problems = [];
for (const [key, was] of Object.entries(committed)) {
  const now = installed[key];
  if (!now) {
    if (!was.optional) problems.push(`${key || "(root)"}: removed`);
  } else if (now.version !== was.version || (was.integrity && now.integrity !== was.integrity)) {
    problems.push(`${key || "(root)"}: ${was.version} became ${now.version}`);
  }
}
for (const [key, now] of Object.entries(installed)) {
  if (!committed[key] && !now.optional) problems.push(`${key}: added (${now.version})`);
}

if (problems.length > 0) {
  console.error("npm install changed what package-lock.json locks; run `npm install` and commit the lock:");
  for (const problem of problems) console.error(`  ${problem}`);
  process.exit(1);
}
console.log(`package-lock.json: ${Object.keys(committed).length} locked packages installed as locked`);
