// The small part of oidc-provider (a real OpenID provider) that the sign-in tests start.
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  interface Account {
    accountId: string;
    claims(): Promise<Record<string, unknown>>;
  }
  interface Configuration {
    clients: Array<Record<string, unknown>>;
    cookies?: { keys: string[] };
    claims?: Record<string, string[]>;
    findAccount(ctx: unknown, id: string): Promise<Account | undefined>;
  }
  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    on(event: string, listener: (ctx: unknown, err: Error) => void): this;
  }
}
