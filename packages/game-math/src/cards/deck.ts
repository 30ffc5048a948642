import { hmacSha256, sha256Words, toHex, utf8Bytes } from "../fish/sha256.ts";
import { uniformInt, type WordSource } from "../uniform.ts";

/**
 * The card rooms' 52-card deck and its provably fair shuffle. A card is an integer 0–51, as in
 * the table games (tables/cards.ts): suit ⌊c / 13⌋ (0 ♠, 1 ♥, 2 ♦, 3 ♣), rank c % 13 (0 ace,
 * 1 deuce … 9 ten, 10 jack, 11 queen, 12 king). Plain TypeScript (no node:crypto), so a
 * browser can verify a hand with the same code as the server.
 */
export type CardId = number;
export const DECK_SIZE = 52;

export const suitOf = (c: CardId): number => Math.floor(c / 13);
/** 0 ace … 12 king. */
export const rankOf = (c: CardId): number => c % 13;
export const cardId = (rank: number, suit: number): CardId => suit * 13 + rank;

const SUIT_LETTERS = ["s", "h", "d", "c"] as const;
const RANK_LETTERS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"] as const;

/** "As", "Td", "2c": rank letter then suit letter. */
export function cardName(c: CardId): string {
  if (!Number.isInteger(c) || c < 0 || c >= DECK_SIZE) throw new RangeError(`not a card: ${c}`);
  return `${RANK_LETTERS[rankOf(c)]}${SUIT_LETTERS[suitOf(c)]}`;
}

/** The inverse of `cardName` ("Ah" → 13); throws on anything else. */
export function parseCard(name: string): CardId {
  const rank = RANK_LETTERS.indexOf(name.slice(0, -1).toUpperCase() as (typeof RANK_LETTERS)[number]);
  const suit = SUIT_LETTERS.indexOf(name.slice(-1).toLowerCase() as (typeof SUIT_LETTERS)[number]);
  if (name.length !== 2 || rank < 0 || suit < 0) throw new RangeError(`not a card name: ${name}`);
  return cardId(rank, suit);
}

export const parseCards = (names: string): CardId[] => names.split(/\s+/).filter(Boolean).map(parseCard);

/**
 * The words of one hand: HMAC-SHA256 keyed by the server seed (its text) over
 * `${clientSeed}:${handId}:${counter}`, counter 0, 1, 2, …, each block giving eight big-endian
 * 32-bit words — the scheme of the other games (apps/rgs fairness), with the hand's id in place
 * of the nonce so every hand of a room has its own deck.
 */
export function handWords(serverSeed: string, clientSeed: string, handId: string): WordSource {
  const mac = hmacSha256(serverSeed);
  let counter = 0;
  let block: Uint32Array = new Uint32Array(0);
  let offset = 0;
  return () => {
    if (offset >= block.length) {
      block = mac(`${clientSeed}:${handId}:${counter}`);
      counter++;
      offset = 0;
    }
    return block[offset++] ?? 0;
  };
}

/**
 * Fisher–Yates over 0..51: position i (51 down to 1) swaps with an unbiased j in [0, i]
 * (`uniformInt` redraws a word above the last whole multiple of i + 1, so no card is favoured by
 * a modulo remainder). deck[0] is the first card dealt.
 */
export function shuffleDeck(words: WordSource): CardId[] {
  const deck = Array.from({ length: DECK_SIZE }, (_, i) => i);
  for (let i = DECK_SIZE - 1; i > 0; i--) {
    const j = uniformInt(words, i + 1);
    const t = deck[i] as CardId;
    deck[i] = deck[j] as CardId;
    deck[j] = t;
  }
  return deck;
}

export interface SeededDeck {
  /** SHA-256 of the server seed, shown before the hand (as every game's seed commitment). */
  serverSeedHash: string;
  /** SHA-256 of the hand's id and its card order: recorded with the hand, shown before it. */
  deckHash: string;
  cards: CardId[];
}

/** SHA-256(serverSeed) in hex. */
export function seedCommitment(serverSeed: string): string {
  return toHex(sha256Words(utf8Bytes(serverSeed)));
}

/**
 * SHA-256 of `${handId}:${serverSeedHash}:${card names joined by spaces}`: binds the order to
 * the hand and the seed, and reveals nothing of it (the order is not guessable from the hash
 * without the seed, which stays secret until it is rotated).
 */
export function deckHash(handId: string, serverSeedHash: string, cards: readonly CardId[]): string {
  return toHex(sha256Words(utf8Bytes(`${handId}:${serverSeedHash}:${cards.map(cardName).join(" ")}`)));
}

/** The hand's deck from the seed pair and the hand's id, with both commitments. */
export function seededDeck(serverSeed: string, clientSeed: string, handId: string): SeededDeck {
  const cards = shuffleDeck(handWords(serverSeed, clientSeed, handId));
  const serverSeedHash = seedCommitment(serverSeed);
  return { serverSeedHash, deckHash: deckHash(handId, serverSeedHash, cards), cards };
}

/** A hand as recorded and, once the seed is rotated, revealed. */
export interface DeckRecord {
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  handId: string;
  deckHash: string;
  /** The cards as dealt, in deck order (a prefix of the deck is enough: the cards seen). */
  cards: readonly CardId[];
}

/**
 * Recompute a hand's deck from its revealed seed: the seed must match its commitment, the deck
 * hash must match the recomputed order, and every recorded card must be the card at its place.
 */
export function verifyDeck(record: DeckRecord): { ok: boolean; problems: string[]; cards: CardId[] } {
  const problems: string[] = [];
  const fresh = seededDeck(record.serverSeed, record.clientSeed, record.handId);
  if (fresh.serverSeedHash !== record.serverSeedHash)
    problems.push("server seed does not match its commitment");
  if (fresh.deckHash !== record.deckHash) problems.push("deck hash does not match the order from the seed");
  if (record.cards.length > DECK_SIZE) problems.push("more cards than a deck");
  record.cards.forEach((c, i) => {
    if (fresh.cards[i] !== c) problems.push(`card ${i + 1} differs`);
  });
  return { ok: problems.length === 0, problems, cards: fresh.cards };
}
