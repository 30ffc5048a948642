/**
 * The fish-shooting game's maths, shared by the server and the browser client
 * (`@panalo/game-math/fish/index`): kinds, exact kill probabilities, provably fair shots and the
 * room's deterministic spawns and paths. No node: imports, no clock, no Math.random. See docs/fish.md.
 */
export * from "./fair.ts";
export * from "./kinds.ts";
export * from "./paths.ts";
export * from "./probability.ts";
export * from "./rational.ts";
export { hmacSha256, sha256Words, toHex } from "./sha256.ts";
