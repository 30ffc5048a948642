import { describe, expect, it } from "vitest";
import { chatSandbox } from "./chat-frame.tsx";
import { outsideChatOrigin } from "./chat-launch.ts";

describe("the outside chat frame", () => {
  it("frames only http(s) addresses, by their origin", () => {
    expect(outsideChatOrigin("https://chat.example.com/panalo?x=1")).toBe("https://chat.example.com");
    expect(outsideChatOrigin("http://127.0.0.1:9000/chat")).toBe("http://127.0.0.1:9000");
    expect(outsideChatOrigin("javascript:alert(1)")).toBeNull();
    expect(outsideChatOrigin("data:text/html,<script>1</script>")).toBeNull();
    expect(outsideChatOrigin("/chat")).toBeNull();
  });

  it("never gives a chat page on the site's own origin the site's origin in the sandbox", () => {
    expect(chatSandbox("https://chat.example.com", "https://panalo.example")).toBe(
      "allow-scripts allow-forms allow-popups allow-same-origin",
    );
    expect(chatSandbox("https://panalo.example", "https://panalo.example")).toBe(
      "allow-scripts allow-forms allow-popups",
    );
    expect(chatSandbox("https://chat.example.com", "https://panalo.example")).not.toContain("top-navigation");
  });
});
