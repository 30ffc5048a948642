import { useEffect, useState } from "react";

/** spec §9: the game search waits 500 ms after the last key before it asks again. */
export const SEARCH_DEBOUNCE_MS = 500;

export interface Debouncer<T> {
  /** A new value: the previous pending one is dropped and the wait starts again. */
  push(value: T): void;
  /** Drop what is pending (unmount, or a reset that must not be overwritten later). */
  cancel(): void;
}

/** Calls `emit` with the last pushed value once `ms` have passed without a new push. */
export function createDebouncer<T>(emit: (value: T) => void, ms: number): Debouncer<T> {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const cancel = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  return {
    push(value) {
      cancel();
      timer = setTimeout(() => {
        timer = null;
        emit(value);
      }, ms);
    },
    cancel,
  };
}

/**
 * The value as it was `ms` ago once it stopped changing. The first value is passed through at
 * once, so a page opened with a search shows it without a wait.
 */
export function useDebounced<T>(value: T, ms: number = SEARCH_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  const [debouncer] = useState(() => createDebouncer<T>(setSettled, ms));
  useEffect(() => {
    debouncer.push(value);
  }, [debouncer, value]);
  useEffect(() => () => debouncer.cancel(), [debouncer]);
  return settled;
}
