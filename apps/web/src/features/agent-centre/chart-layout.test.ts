import { describe, expect, it } from "vitest";
import { chartLayout, labelWidth } from "./chart-layout.ts";

const income = { series: 3, valueChars: "₱1,234.56".length, dateChars: "Nov 29".length, headline: true };

describe("the bar chart's labels", () => {
  it("writes each bar's value when the bars are wide enough for it", () => {
    const l = chartLayout({ ...income, width: 1000, groups: 2 });
    expect(l.values).toBe("bar");
    expect(l.labelEvery).toBe(1);
  });

  it("writes the headline value once per group when each bar is too narrow for its own", () => {
    // A 390 px phone: about 360 px of chart for four days of gross, paid out and net.
    const l = chartLayout({ ...income, width: 360, groups: 4 });
    expect(l.barW).toBeLessThan(labelWidth(income.valueChars));
    expect(l.values).toBe("group");
  });

  it("writes no value where not even one per group fits, and no headline was named", () => {
    expect(chartLayout({ ...income, width: 360, groups: 14 }).values).toBe("none");
    expect(chartLayout({ ...income, width: 360, groups: 4, headline: false }).values).toBe("none");
  });

  it("thins the dates so that no two touch, and keeps every date when they fit", () => {
    const phone = chartLayout({ ...income, width: 360, groups: 14 });
    expect(phone.labelEvery).toBeGreaterThan(1);
    // The dates written are at least a label's width apart.
    expect(phone.groupW * phone.labelEvery).toBeGreaterThanOrEqual(labelWidth(income.dateChars));
    expect(phone.groupW * (phone.labelEvery - 1)).toBeLessThan(labelWidth(income.dateChars));
    expect(chartLayout({ ...income, width: 1200, groups: 14 }).labelEvery).toBe(1);
  });

  it("draws a bar however many groups there are", () => {
    const l = chartLayout({ ...income, width: 300, groups: 400 });
    expect(l.barW).toBeGreaterThanOrEqual(2);
    expect(l.values).toBe("none");
    expect(chartLayout({ ...income, width: 300, groups: 0 }).groupW).toBeGreaterThan(0);
  });
});
