import { afterEach, describe, expect, it } from "vitest";
import { ApiError } from "../lib/api.ts";
import { currentToasts, toast } from "../lib/toast-store.ts";
import { createQueryClient } from "./query-client.ts";

const failWith = async (err: ApiError) => {
  const client = createQueryClient();
  const mutation = client.getMutationCache().build(client, {
    mutationFn: () => Promise.reject(err),
  });
  await mutation.execute(undefined).catch(() => undefined);
};

afterEach(() => {
  for (const t of currentToasts()) toast.dismiss(t.id);
});

describe("failed back-office calls", () => {
  it("shows a four-eyes request as one neutral notice, not as an error", async () => {
    const message =
      "Saved as request #7: another operator must approve it before it takes effect (Approvals).";
    await failWith(new ApiError(202, "APPROVAL_PENDING", message));
    expect(currentToasts().map((t) => ({ tone: t.tone, message: t.message }))).toEqual([
      { tone: "info", message },
    ]);
  });

  it("still shows a refusal as an error", async () => {
    await failWith(new ApiError(409, "VERSION_CONFLICT", "Someone else changed it."));
    expect(currentToasts().map((t) => t.tone)).toEqual(["error"]);
  });
});
