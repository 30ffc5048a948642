import type { TableInfo } from "@panalo/contracts/live-tables";
import { describe, expect, it } from "vitest";
import { checkForm, formOf, formPath, payloadOf } from "./table-settings.ts";

// The back office's table settings form: what it sends and the message beside each
// field it refuses.
const table = {
  id: "roulette-1",
  game: "roulette",
  name: { EN: "European Roulette", TY: "European Roulette" },
  vendor: "PNL",
  bettingMs: 15_000,
  pauseMs: 5000,
  chips: ["5.00", "10.00", "50.00"],
  minBet: "5.00",
  maxBet: "20000.00",
  limits: { straight: { min: "5.00", max: "1000.00" } },
  opensAt: null,
  closesAt: null,
  open: true,
  enabled: true,
  players: 0,
  round: null,
} as TableInfo;

describe("table settings form", () => {
  it("round-trips a table into the API's body", () => {
    const f = formOf(table);
    expect(f.limits.straight).toEqual({ min: "5.00", max: "1000.00" });
    expect(f.limits.split).toEqual({ min: "", max: "" });
    expect(checkForm(table.id, f)).toEqual({});
    expect(payloadOf(table.id, { ...f, bettingS: "8", opensAt: "10:00", closesAt: "02:00" })).toMatchObject({
      bettingMs: 8000,
      pauseMs: 5000,
      chips: ["5.00", "10.00", "50.00"],
      limits: { straight: { min: "5.00", max: "1000.00" } },
      opensAt: "10:00",
      closesAt: "02:00",
    });
  });

  it("puts each problem beside its field", () => {
    const f = formOf(table);
    const errors = checkForm(table.id, {
      ...f,
      bettingS: "abc",
      pauseS: "200",
      maxBet: "1.00",
      chips: [{ value: "5" }, { value: "5.00" }, { value: "0" }],
      limits: { ...f.limits, straight: { min: "50", max: "10" }, split: { min: "5", max: "" } },
      opensAt: "10:00",
      closesAt: "",
    });
    expect(errors).toMatchObject({
      bettingS: "Enter a number of seconds",
      pauseS: "At most 60 seconds",
      maxBet: "Must not be below the table's minimum bet",
      "chips.1.value": "This chip is already in the set",
      "chips.2.value": "Must be more than 0.00",
      "limits.straight.max": "Must not be below this spot's minimum",
      "limits.split.max": "Give the maximum too (or neither)",
      closesAt: "Give the closing time too (or neither)",
    });
  });

  it("maps the server's paths to the form's", () => {
    expect(formPath("bettingMs")).toBe("bettingS");
    expect(formPath("chips.3")).toBe("chips.3.value");
    expect(formPath("limits.tie")).toBe("limits.tie.min");
    expect(formPath("limits.tie.max")).toBe("limits.tie.max");
  });
});
