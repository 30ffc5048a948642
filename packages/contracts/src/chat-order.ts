/**
 * The chat page's message list, without zod so the site's chat window and the
 * tests share it. Messages carry a per-conversation `seq` the database assigned (1, 2, 3, … with
 * no gaps): a push may arrive twice (two tabs, a reconnect and a fetch) or out of order (two
 * processes publishing); the list keeps each seq once, in seq order, and says which run of
 * seqs is missing so the page fetches it over HTTP.
 */
export interface SeqMessage {
  seq: number;
  [key: string]: unknown;
}

export interface ChatList<M extends SeqMessage> {
  /** Every message held, by seq, each once. */
  bySeq: Map<number, M>;
  /** Messages at or below this seq are not kept (older history not loaded). */
  base: number;
  /** The highest seq up to which every message is held (`base`: none). */
  contiguous: number;
}

/** An empty list that starts after `base` (0: from the first message). */
export function emptyChatList<M extends SeqMessage>(base = 0): ChatList<M> {
  return { bySeq: new Map(), base, contiguous: base };
}

/** Add messages (pushed or fetched); a seq already held is ignored. Returns a new list. */
export function mergeChat<M extends SeqMessage>(list: ChatList<M>, incoming: readonly M[]): ChatList<M> {
  const bySeq = new Map(list.bySeq);
  for (const m of incoming)
    if (Number.isInteger(m.seq) && m.seq > 0 && m.seq > list.base && !bySeq.has(m.seq)) bySeq.set(m.seq, m);
  let contiguous = list.contiguous;
  while (bySeq.has(contiguous + 1)) contiguous++;
  return { bySeq, base: list.base, contiguous };
}

/** The messages in seq order (only the unbroken run: a later one waits for its gap). */
export function orderedChat<M extends SeqMessage>(list: ChatList<M>): M[] {
  const out: M[] = [];
  for (let s = list.base + 1; s <= list.contiguous; s++) {
    const m = list.bySeq.get(s);
    if (m) out.push(m);
  }
  return out;
}

/** True when a message beyond the unbroken run is held: the page fetches after `contiguous`. */
export function chatHasGap<M extends SeqMessage>(list: ChatList<M>): boolean {
  return list.bySeq.size > list.contiguous - list.base;
}
