import { createHash } from "node:crypto";

/**
 * A migration's text as PostgreSQL runs it: `--` and `/* … *\/` comments dropped (block comments
 * nest, as in PostgreSQL), and the whitespace between tokens — line breaks, blank lines,
 * indentation, the place a comment took — reduced to what separates them: one space between two
 * words (`id int`, `E 'x'`) or two operator characters (`- -1`), none elsewhere (`(id int)` and
 * `( id int )` are one text), none at either end. What PostgreSQL
 * reads as data stays byte for byte: quoted strings ('…', E'…' with backslash escapes), quoted
 * identifiers ("…") and dollar-quoted bodies ($$ … $$, $fn$ … $fn$), comments and spacing inside
 * them included (a function body's comments are stored with the function).
 */
export function normalizeSql(text: string): string {
  let out = "";
  let space = false;
  const emit = (piece: string) => {
    if (space && separates(out.at(-1) ?? "", piece[0] ?? "")) out += " ";
    space = false;
    out += piece;
  };
  let i = 0;
  while (i < text.length) {
    const ch = text[i] ?? "";
    const next = text[i + 1];
    if (ch === "-" && next === "-") {
      const end = text.indexOf("\n", i);
      i = end === -1 ? text.length : end;
      space = true;
      continue;
    }
    if (ch === "/" && next === "*") {
      i = blockCommentEnd(text, i);
      space = true;
      continue;
    }
    if (/\s/.test(ch)) {
      space = true;
      i++;
      continue;
    }
    if (ch === "'") {
      const prev = text[i - 1];
      const escapes = (prev === "E" || prev === "e") && !IDENTIFIER_CHAR.test(text[i - 2] ?? "");
      const end = quotedEnd(text, i, "'", escapes);
      emit(text.slice(i, end));
      i = end;
      continue;
    }
    if (ch === '"') {
      const end = quotedEnd(text, i, '"', false);
      emit(text.slice(i, end));
      i = end;
      continue;
    }
    if (ch === "$" && !IDENTIFIER_CHAR.test(text[i - 1] ?? "")) {
      const tag = DOLLAR_TAG.exec(text.slice(i, i + 64))?.[0];
      if (tag) {
        const close = text.indexOf(tag, i + tag.length);
        const end = close === -1 ? text.length : close + tag.length;
        emit(text.slice(i, end));
        i = end;
        continue;
      }
    }
    emit(ch);
    i++;
  }
  return out;
}

/**
 * The checksum a versioned migration is recorded with: sha256 of its normalized text, so an edit
 * of its comments or layout is not a change, and an edit of anything PostgreSQL runs is.
 */
export function migrationChecksum(text: string): string {
  return createHash("sha256").update(normalizeSql(text)).digest("hex");
}

/** Whether whitespace between these two characters is needed to keep the tokens apart. */
function separates(before: string, after: string): boolean {
  if (!before) return false;
  return (WORDISH.test(before) && WORDISH.test(after)) || (OPERATOR.test(before) && OPERATOR.test(after));
}

/** A character of a word, number, quoted string or identifier, or dollar quote. */
const WORDISH = /[A-Za-z0-9_$'"\u0080-\uffff]/;
/** A character of an operator (PostgreSQL's operator characters). */
const OPERATOR = /[-+*/<>=~!@#%^&|`?]/;
/** A character that continues an identifier: `$` after one is part of it (`a$b`), not a quote. */
const IDENTIFIER_CHAR = /[A-Za-z0-9_$\u0080-\uffff]/;
/** `$$` or `$tag$`, the tag an identifier without `$` (so `$1`, a parameter, is not one). */
const DOLLAR_TAG = /^\$(?:[A-Za-z_\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*)?\$/;

/** Index just past the quote that closes the one at `start` (a doubled quote is a quote inside). */
function quotedEnd(text: string, start: number, quote: string, backslashEscapes: boolean): number {
  let j = start + 1;
  while (j < text.length) {
    const c = text[j];
    if (backslashEscapes && c === "\\") j += 2;
    else if (c === quote && text[j + 1] === quote) j += 2;
    else if (c === quote) return j + 1;
    else j++;
  }
  return text.length;
}

/** Index just past the `*\/` that closes the block comment at `start`, nested ones counted. */
function blockCommentEnd(text: string, start: number): number {
  let depth = 0;
  let j = start;
  while (j < text.length) {
    if (text[j] === "/" && text[j + 1] === "*") {
      depth++;
      j += 2;
    } else if (text[j] === "*" && text[j + 1] === "/") {
      depth--;
      j += 2;
      if (depth === 0) return j;
    } else j++;
  }
  return text.length;
}
