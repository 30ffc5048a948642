import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { xoshiro128 } from "../xoshiro.ts";
import {
  cardName,
  DECK_SIZE,
  deckHash,
  handWords,
  parseCard,
  parseCards,
  seedCommitment,
  seededDeck,
  shuffleDeck,
  verifyDeck,
} from "./deck.ts";

const seedText = fc.string({ minLength: 1, maxLength: 40 });

describe("card deck from a committed seed", () => {
  it("names and parses every card both ways", () => {
    for (let c = 0; c < DECK_SIZE; c++) expect(parseCard(cardName(c))).toBe(c);
    expect(parseCards("As Kh 2c Td")).toEqual([0, 25, 40, 35]);
    expect(() => parseCard("1s")).toThrow();
  });

  it("shuffles into a permutation of the 52 cards", () => {
    fc.assert(
      fc.property(seedText, seedText, fc.nat(), (server, client, hand) => {
        const { cards } = seededDeck(server, client, String(hand));
        expect([...cards].sort((a, b) => a - b)).toEqual(Array.from({ length: DECK_SIZE }, (_, i) => i));
      }),
      { numRuns: 200 },
    );
  });

  it("deals the same order from the same seeds and another order for another hand", () => {
    fc.assert(
      fc.property(seedText, seedText, fc.nat(), (server, client, hand) => {
        const a = seededDeck(server, client, String(hand));
        expect(seededDeck(server, client, String(hand))).toEqual(a);
        expect(seededDeck(server, client, String(hand + 1)).cards).not.toEqual(a.cards);
      }),
      { numRuns: 100 },
    );
  });

  it("uses the published words: HMAC-SHA256(serverSeed, clientSeed:handId:counter)", async () => {
    const { createHmac } = await import("node:crypto");
    const next = handWords("server-seed", "client", "hand-7");
    const block = createHmac("sha256", "server-seed").update("client:hand-7:0").digest();
    const block1 = createHmac("sha256", "server-seed").update("client:hand-7:1").digest();
    for (let i = 0; i < 8; i++) expect(next()).toBe(block.readUInt32BE(i * 4));
    expect(next()).toBe(block1.readUInt32BE(0));
  });

  it("puts every card in every place about equally often (no modulo bias)", () => {
    const words = xoshiro128("deck-uniformity");
    const n = 20_000;
    const firstCard = new Uint32Array(DECK_SIZE);
    const lastCard = new Uint32Array(DECK_SIZE);
    for (let i = 0; i < n; i++) {
      const deck = shuffleDeck(words);
      const first = deck[0] as number;
      const last = deck[51] as number;
      firstCard[first] = (firstCard[first] ?? 0) + 1;
      lastCard[last] = (lastCard[last] ?? 0) + 1;
    }
    // χ² with 51 degrees of freedom: 99.9th percentile ≈ 87.97.
    const chi = (counts: Uint32Array) => counts.reduce((s, k) => s + (k - n / 52) ** 2 / (n / 52), 0);
    expect(chi(firstCard)).toBeLessThan(88);
    expect(chi(lastCard)).toBeLessThan(88);
  });

  it("verifies an honest hand and detects a changed card, a wrong seed or a wrong deck hash", () => {
    fc.assert(
      fc.property(seedText, seedText, fc.nat(), fc.nat({ max: 51 }), (server, client, hand, at) => {
        const handId = String(hand);
        const deck = seededDeck(server, client, handId);
        const record = { serverSeed: server, clientSeed: client, handId, ...deck };
        expect(verifyDeck(record).ok).toBe(true);
        const changed = [...deck.cards];
        const other = (at + 1) % 52;
        [changed[at], changed[other]] = [changed[other] as number, changed[at] as number];
        const bad = verifyDeck({ ...record, cards: changed });
        expect(bad.ok).toBe(false);
        expect(bad.problems).toContain(`card ${at + 1} differs`);
        expect(verifyDeck({ ...record, serverSeed: `${server}x` }).ok).toBe(false);
        expect(verifyDeck({ ...record, deckHash: deckHash(handId, deck.serverSeedHash, changed) }).ok).toBe(
          false,
        );
      }),
      { numRuns: 100 },
    );
  });

  it("commits to the seed with SHA-256 of its text", async () => {
    const { createHash } = await import("node:crypto");
    expect(seedCommitment("abc")).toBe(createHash("sha256").update("abc").digest("hex"));
  });
});
