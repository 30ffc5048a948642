import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createDebouncer, SEARCH_DEBOUNCE_MS } from "./debounce.ts";

describe("the search debouncer", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("waits 500 ms (spec §9)", () => {
    expect(SEARCH_DEBOUNCE_MS).toBe(500);
  });

  it("emits nothing before the wait is over", () => {
    const emit = vi.fn();
    const d = createDebouncer(emit, SEARCH_DEBOUNCE_MS);
    d.push("man");
    vi.advanceTimersByTime(499);
    expect(emit).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(emit).toHaveBeenCalledWith("man");
  });

  it("emits only the last value when typing goes on, once", () => {
    const emit = vi.fn();
    const d = createDebouncer(emit, SEARCH_DEBOUNCE_MS);
    d.push("m");
    vi.advanceTimersByTime(300);
    d.push("ma");
    vi.advanceTimersByTime(300);
    d.push("man");
    vi.advanceTimersByTime(499);
    expect(emit).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(emit).toHaveBeenCalledTimes(1);
    expect(emit).toHaveBeenCalledWith("man");
  });

  it("emits nothing after it was cancelled", () => {
    const emit = vi.fn();
    const d = createDebouncer(emit, SEARCH_DEBOUNCE_MS);
    d.push("mango");
    d.cancel();
    vi.advanceTimersByTime(2000);
    expect(emit).not.toHaveBeenCalled();
  });
});
