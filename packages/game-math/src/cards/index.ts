/**
 * The card rooms' game logic (`@panalo/game-math/cards/index`), shared by the RGS and a browser
 * verifier: the seeded deck and its commitments, the 7-card poker evaluator, No-Limit Hold'em
 * and Tongits as pure state machines. No node: imports, no clock, no Math.random. The rules as
 * players read them and the API: docs/pvp-rules.md.
 */
export * from "./deck.ts";
export * from "./evaluator.ts";
export * from "./holdem.ts";
export * from "./holdem-pots.ts";
export * from "./tongits.ts";
export * from "./tongits-melds.ts";
