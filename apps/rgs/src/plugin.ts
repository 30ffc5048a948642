import type { FastifyPluginAsync } from "fastify";

/**
 * The remote game server (the in-house game provider), mounted under /rgs in the one-process
 * set-up. It keeps its own tables and reaches the platform only through the provider protocol.
 */
export const rgsPlugin: FastifyPluginAsync = async (app) => {
  app.get("/health", async () => ({ success: true, value: { status: "ok", service: "rgs" } }));
};
